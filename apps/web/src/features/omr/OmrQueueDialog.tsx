import type { OmrQueueItem } from '@assess/contracts/omr';
import { choiceLabel } from '@assess/contracts/questions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { AppModal, EmptyState } from '../../components';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { fetchScan, useCorrectSheet, useOmrSheets } from './api';

type Props = { testId: number; name: string; onClose: () => void };

/** The scan of a queued sheet (read marks ringed: green marked, red unclear). */
function Scan({ sheetId }: { sheetId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let href: string | null = null;
    fetchScan(sheetId)
      .then((blob) => {
        href = URL.createObjectURL(blob);
        setUrl(href);
      })
      .catch(() => setUrl(null));
    return () => {
      if (href) URL.revokeObjectURL(href);
    };
  }, [sheetId]);
  return url ? (
    <Box
      component="img"
      src={url}
      alt="The scanned sheet"
      sx={{ width: '100%', border: 1, borderColor: 'divider' }}
    />
  ) : (
    <Typography variant="body2" color="text.secondary">
      No scan stored for this sheet.
    </Typography>
  );
}

/** One queued sheet: the student id and every question's marks, editable; Save scores it. */
function Correction({ testId, item, onDone }: { testId: number; item: OmrQueueItem; onDone: () => void }) {
  const toast = useToast();
  const correct = useCorrectSheet(testId);
  const [studentId, setStudentId] = useState(item.studentIdRead.replace(/\?/g, ''));
  const [answers, setAnswers] = useState<number[][][]>(item.answers.map((s) => s.map((q) => q ?? [])));
  const [error, setError] = useState<string | null>(null);
  const toggle = (s: number, q: number, c: number) =>
    setAnswers((a) =>
      a.map((sec, si) =>
        si !== s
          ? sec
          : sec.map((marks, qi) =>
              qi !== q ? marks : marks.includes(c) ? marks.filter((x) => x !== c) : [...marks, c].sort(),
            ),
      ),
    );
  async function save() {
    setError(null);
    try {
      const r = await correct.mutateAsync({ sheetId: item.sheetId, fix: { studentId, answers } });
      toast.success(`${r.message} Score ${r.score}.`);
      onDone();
    } catch (e) {
      setError(isApiError(e) ? e.message : 'Error occured');
    }
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Scan sheetId={item.sheetId} />
      <Stack spacing={1.5}>
        {item.reasons.map((r) => (
          <Alert key={r} severity="warning">
            {r}
          </Alert>
        ))}
        <TextField
          label="Student ID"
          value={studentId}
          onChange={(e) => setStudentId(e.target.value.trim())}
        />
        {item.sections.map((sec, s) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a section's place on the sheet is its identity
          <Box key={s}>
            <Typography variant="subtitle2">{sec.sectionName}</Typography>
            {Array.from({ length: sec.questionCount }, (_, q) => (
              <Stack
                // biome-ignore lint/suspicious/noArrayIndexKey: the question number is its identity
                key={q}
                direction="row"
                spacing={0.5}
                sx={{ alignItems: 'center' }}
              >
                <Typography variant="body2" sx={{ width: 32 }}>
                  {q + 1}.
                </Typography>
                {Array.from({ length: sec.numberOfChoices }, (_, k) => (
                  <Checkbox
                    // biome-ignore lint/suspicious/noArrayIndexKey: the choice number is its identity
                    key={k}
                    size="small"
                    checked={answers[s]?.[q]?.includes(k + 1) ?? false}
                    onChange={() => toggle(s, q, k + 1)}
                    slotProps={{
                      input: {
                        'aria-label': `Question ${q + 1} choice ${choiceLabel(sec.choiceType, k + 1)}`,
                      },
                    }}
                  />
                ))}
                {item.answers[s]?.[q] === null && (
                  <Typography variant="caption" sx={{ fontWeight: 700 }}>
                    unclear
                  </Typography>
                )}
              </Stack>
            ))}
          </Box>
        ))}
        {error && <Alert severity="error">{error}</Alert>}
        <Button variant="contained" onClick={save} disabled={correct.isPending || !studentId}>
          Save and score
        </Button>
      </Stack>
    </Box>
  );
}

/** The correction queue (issue 25): sheets that could not be read with confidence, one at a time. */
export function OmrQueueDialog({ testId, name, onClose }: Props) {
  const sheets = useOmrSheets(testId, true);
  const [selected, setSelected] = useState<number | null>(null);
  const items = sheets.data?.items ?? [];
  const current = items.find((i) => i.sheetId === selected) ?? items[0];
  return (
    <AppModal open onClose={onClose} title={`Correction queue · ${name}`} fullScreen>
      {sheets.isSuccess && !items.length && <EmptyState message="No sheet waits for correction." />}
      {current && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, gap: 2 }}>
          <List dense component="nav" aria-label="Queued sheets">
            {items.map((i) => (
              <ListItemButton
                key={i.sheetId}
                selected={i.sheetId === current.sheetId}
                onClick={() => setSelected(i.sheetId)}
              >
                <ListItemText primary={i.fileName} secondary={`Student ID ${i.studentIdRead}`} />
              </ListItemButton>
            ))}
          </List>
          <Correction key={current.sheetId} testId={testId} item={current} onDone={() => setSelected(null)} />
        </Box>
      )}
    </AppModal>
  );
}
