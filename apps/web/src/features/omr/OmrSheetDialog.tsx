import {
  type CreateOmrSheet,
  createOmrSheetSchema,
  omrMessages as m,
  OMR_CHOICES_MAX,
  OMR_ID_DIGITS_MAX,
  omrPaperSizes,
} from '@assess/contracts/omr';
import { choiceFormats } from '@assess/contracts/questions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { AppModal } from '../../components';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { createOmrSheet, saveBlob, useOmrForm } from './api';

type Props = { testId: number; code: string; onClose: () => void };

const num = (v: string) => (v === '' ? Number.NaN : Number(v));
/** A number field's value: empty while the field is (NaN is never a value attribute). */
const shown = (n: number) => (Number.isNaN(n) ? '' : n);

/**
 * Download OMR (part 3 §2 tests list menu, §7 createOmrSheet, §8 'OMR download successfully'): the form name,
 * the student id and test id digits, the paper size and one row per section (name, questions, choices, choice
 * format), proposed from the test's sections; optionally one sheet per assigned student pre-printed with the name
 * and id. Preview shows the PDF in the dialog; Download saves it.
 */
export function OmrSheetDialog({ testId, code, onClose }: Props) {
  const toast = useToast();
  const form = useOmrForm(testId);
  const [sheet, setSheet] = useState<CreateOmrSheet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ url: string; blob: Blob } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (form.data && !sheet) setSheet(form.data.sheet);
  }, [form.data, sheet]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const set = (patch: Partial<CreateOmrSheet>) => sheet && setSheet({ ...sheet, ...patch });
  const setSection = (i: number, patch: Partial<CreateOmrSheet['sections'][number]>) =>
    sheet && set({ sections: sheet.sections.map((s, k) => (k === i ? { ...s, ...patch } : s)) });

  async function make(): Promise<Blob | null> {
    const parsed = createOmrSheetSchema.safeParse(sheet);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return null;
    }
    setError(null);
    setBusy(true);
    try {
      return await createOmrSheet(testId, parsed.data);
    } catch (e) {
      setError(isApiError(e) ? e.message : m.uploadFailed);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function showPreview() {
    const blob = await make();
    if (blob) setPreview({ url: URL.createObjectURL(blob), blob });
  }
  async function download() {
    const blob = preview?.blob ?? (await make());
    if (!blob) return;
    saveBlob(blob, `OMR-${code}.pdf`);
    toast.success(m.downloaded);
    onClose();
  }

  return (
    <AppModal
      open
      onClose={onClose}
      title="Download OMR"
      maxWidth="md"
      showCancel
      actions={
        <>
          <Button onClick={showPreview} disabled={!sheet || busy}>
            Preview
          </Button>
          <Button variant="contained" onClick={download} disabled={!sheet || busy}>
            Download
          </Button>
        </>
      }
    >
      {form.isError && (
        <Alert severity="error">{isApiError(form.error) ? form.error.message : m.testNotFound}</Alert>
      )}
      {sheet && (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr 1fr' }, gap: 2 }}>
            <TextField
              label="Form name"
              value={sheet.formName}
              onChange={(e) => set({ formName: e.target.value })}
            />
            <TextField
              label="Student id digits"
              type="number"
              value={shown(sheet.studentIdDigits)}
              slotProps={{ htmlInput: { min: 1, max: OMR_ID_DIGITS_MAX } }}
              onChange={(e) => set({ studentIdDigits: num(e.target.value) })}
            />
            <TextField
              label="Test id digits"
              type="number"
              value={shown(sheet.testIdDigits)}
              slotProps={{ htmlInput: { min: 0, max: OMR_ID_DIGITS_MAX } }}
              onChange={(e) => set({ testIdDigits: num(e.target.value) })}
            />
            <TextField
              select
              label="Paper"
              value={sheet.paperSize}
              onChange={(e) => set({ paperSize: e.target.value as CreateOmrSheet['paperSize'] })}
            >
              {omrPaperSizes.map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(sheet.prePrinted)}
                onChange={(e) => set({ prePrinted: e.target.checked })}
              />
            }
            label="Pre-print each assigned student's name and id (one sheet per student)"
          />
          <Typography variant="subtitle2">Sections</Typography>
          {sheet.sections.map((s, i) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: sections keep their places (the name is edited here)
              key={i}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr 1fr' }, gap: 2 }}
            >
              <TextField
                label="Section name"
                value={s.sectionName}
                onChange={(e) => setSection(i, { sectionName: e.target.value })}
              />
              <TextField
                label="Questions"
                type="number"
                value={shown(s.questionCount)}
                onChange={(e) => setSection(i, { questionCount: num(e.target.value) })}
              />
              <TextField
                label="Choices"
                type="number"
                value={shown(s.numberOfChoices)}
                slotProps={{ htmlInput: { min: 2, max: OMR_CHOICES_MAX } }}
                onChange={(e) => setSection(i, { numberOfChoices: num(e.target.value) })}
              />
              <TextField
                select
                label="Choice format"
                value={s.choiceType}
                onChange={(e) => setSection(i, { choiceType: Number(e.target.value) })}
              >
                {choiceFormats.map((f) => (
                  <MenuItem key={f.id} value={f.id}>
                    {f.label}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          ))}
          {error && <Alert severity="error">{error}</Alert>}
          {preview && (
            <Box
              component="iframe"
              title="OMR sheet preview"
              src={preview.url}
              sx={{ width: '100%', height: 520, border: 1, borderColor: 'divider' }}
            />
          )}
        </Stack>
      )}
    </AppModal>
  );
}
