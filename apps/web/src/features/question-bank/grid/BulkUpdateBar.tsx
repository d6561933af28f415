import type { ConfigurationLists } from '@assess/contracts/configuration';
import {
  type BulkField,
  type BulkUpdateResult,
  bulkFieldLabels,
  bulkResultReport,
  bulkUpdateIssue,
  choiceFormats,
  contentTypeIds,
  contentTypeNames,
  difficultyIds,
  difficultyNames,
  questionMessages as m,
  QuestionStatus,
  questionStatusIds,
  questionStatusNames,
  questionTypeIds,
  questionTypeNames,
  type TreeNode,
} from '@assess/contracts/questions';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '../../../components/Toast';
import { isApiError } from '../../../lib/api';
import { useBulkTopicMapping, useBulkUpdate } from '../api';
import { NumberInput } from '../dialog/fields';
import type { QuestionFilters } from './QuestionGrid';

/** The selector's fields: the updatable ones, the refused ones (§5 messages) and the topic re-mapping. */
type Field = BulkField | 'topic';
const fieldOrder: Field[] = [
  'none',
  'status',
  'difficultyLevel',
  'points',
  'negativePoints',
  'objective',
  'targetAudience',
  'isLocked',
  'expiryDate',
  'duration',
  'choiceFormat',
  'topic',
  'code',
  'contentType',
  'questionType',
];
const labelOf = (f: Field) => (f === 'topic' ? 'Topic' : bulkFieldLabels[f]);
type Value = number | string | boolean | number[] | null;

/** Which grid filter a field/value pair becomes when applied as a search (fields that are filters). */
function asFilter(field: Field, value: Value): Partial<QuestionFilters> | null {
  if (value === null || value === '' || (Array.isArray(value) && !value.length)) return null;
  switch (field) {
    case 'status':
    case 'difficultyLevel':
    case 'points':
    case 'contentType':
    case 'questionType':
    case 'topic':
      return { [field === 'topic' ? 'topicId' : field]: Number(value) };
    case 'objective':
    case 'targetAudience':
      return { [field]: Array.isArray(value) ? value[0] : Number(value) };
    case 'code':
      return { code: String(value) };
    default:
      return null;
  }
}

/**
 * The bulk-update bar (§2, §5, §8): a field, a value, Reset, Search (shows the questions with that value)
 * and Update (sets it on the selected questions). Refusals use the spec's messages; a status change
 * reports the counts of the selected questions by status.
 */
export function BulkUpdateBar({
  selectedIds,
  onDone,
  onSearch,
  lookups,
  nodes,
  canPublish,
}: {
  selectedIds: number[];
  onDone: () => void;
  onSearch: (filter: Partial<QuestionFilters>) => void;
  lookups: ConfigurationLists | undefined;
  nodes: readonly TreeNode[];
  canPublish: boolean;
}) {
  const toast = useToast();
  const bulk = useBulkUpdate();
  const mapping = useBulkTopicMapping();
  const [field, setField] = useState<Field | ''>('');
  const [value, setValue] = useState<Value>(null);
  const [result, setResult] = useState<BulkUpdateResult | null>(null);
  const busy = bulk.isPending || mapping.isPending;

  const reset = () => {
    setField('');
    setValue(null);
    setResult(null);
  };

  const update = async () => {
    setResult(null);
    if (field === 'topic') {
      const issue = value === null ? m.bulkSelectValues : !selectedIds.length ? m.bulkSelectQuestions : null;
      if (issue) return toast.warning(issue);
      try {
        const r = await mapping.mutateAsync({ topicId: Number(value), questionIds: selectedIds });
        toast.success(r.message);
        onDone();
      } catch (e) {
        toast.error(isApiError(e) && e.status !== 0 ? e.message : m.bulkFailed, { duration: 5000 });
      }
      return;
    }
    const issue = bulkUpdateIssue({ field, value, questionIds: selectedIds });
    if (issue) return toast.warning(issue);
    try {
      const r = await bulk.mutateAsync({ field, value, questionIds: selectedIds });
      setResult(r);
      const report = bulkResultReport(r);
      if (report.tone === 'success') toast.success(r.message);
      else toast.warning(r.updatedCount ? r.message : m.bulkNothingChanged);
      onDone();
    } catch (e) {
      toast.error(isApiError(e) && e.status !== 0 ? e.message : m.bulkFailed, { duration: 5000 });
    }
  };

  const search = () => {
    if (!field) return toast.warning(m.bulkSelectField);
    const f = asFilter(field, value);
    if (!f) return toast.warning(m.bulkSelectValues);
    onSearch(f);
  };

  const select = (items: { id: number; label: string; disabled?: boolean }[]) => (
    <TextField
      select
      size="small"
      fullWidth
      label="Value"
      value={value ?? ''}
      onChange={(e) => setValue(Number(e.target.value))}
    >
      {items.map((o) => (
        <MenuItem key={o.id} value={o.id} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const multi = (list: { id: number; value: string }[] | undefined) => {
    const ids = Array.isArray(value) ? value : [];
    return (
      <TextField
        select
        size="small"
        fullWidth
        label="Value"
        value={ids}
        onChange={(e) => {
          const v: unknown = e.target.value;
          setValue((Array.isArray(v) ? v : String(v).split(',')).map(Number));
        }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (v) =>
              (v as number[]).map((id) => list?.find((o) => o.id === id)?.value ?? id).join(', '),
          },
        }}
      >
        {(list ?? []).map((o) => (
          <MenuItem key={o.id} value={o.id}>
            <Checkbox size="small" checked={ids.includes(o.id)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={o.value} />
          </MenuItem>
        ))}
      </TextField>
    );
  };

  const valueInput = () => {
    switch (field) {
      case 'status':
        return select(
          questionStatusIds.map((id) => ({
            id,
            label: questionStatusNames[id],
            disabled: id === QuestionStatus.Published && !canPublish,
          })),
        );
      case 'difficultyLevel':
        return select(difficultyIds.map((id) => ({ id, label: difficultyNames[id] })));
      case 'contentType':
        return select(contentTypeIds.map((id) => ({ id, label: contentTypeNames[id] })));
      case 'questionType':
        return select(questionTypeIds.map((id) => ({ id, label: questionTypeNames[id] })));
      case 'choiceFormat':
        return select(choiceFormats.map((f) => ({ id: f.id, label: f.label })));
      case 'topic':
        return select(
          nodes.filter((n) => n.nodeType === 'topic' && n.owned).map((n) => ({ id: n.id, label: n.name })),
        );
      case 'objective':
        return multi(lookups?.objective);
      case 'targetAudience':
        return multi(lookups?.targetAudience);
      case 'isLocked':
        return (
          <TextField
            select
            size="small"
            fullWidth
            label="Value"
            value={value === null ? '' : String(value)}
            onChange={(e) => setValue(e.target.value === 'true')}
          >
            <MenuItem value="true">Locked</MenuItem>
            <MenuItem value="false">Unlocked</MenuItem>
          </TextField>
        );
      case 'expiryDate':
        return (
          <TextField
            size="small"
            fullWidth
            type="date"
            label="Value"
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => setValue(e.target.value || null)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        );
      case 'points':
      case 'negativePoints':
      case 'duration':
        return (
          <NumberInput
            label="Value"
            integer={field === 'duration'}
            value={typeof value === 'number' ? value : null}
            onChange={(v) => setValue(v)}
          />
        );
      default:
        return (
          <TextField
            size="small"
            fullWidth
            label="Value"
            disabled={field === '' || field === 'none'}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => setValue(e.target.value)}
          />
        );
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} component="section" aria-label="Bulk update">
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '220px minmax(0, 1fr) auto auto auto auto' },
        }}
      >
        <TextField
          select
          size="small"
          label="Field to update"
          value={field}
          onChange={(e) => {
            setField(e.target.value as Field);
            setValue(null);
            setResult(null);
          }}
        >
          {fieldOrder.map((f) => (
            <MenuItem key={f} value={f}>
              {labelOf(f)}
            </MenuItem>
          ))}
        </TextField>
        {valueInput()}
        <Button color="inherit" startIcon={<RestartAltIcon />} onClick={reset}>
          Reset
        </Button>
        <Button variant="outlined" startIcon={<SearchIcon />} onClick={search}>
          Search
        </Button>
        <Button variant="contained" onClick={update} disabled={busy}>
          Update
        </Button>
        <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
          {selectedIds.length} selected
        </Typography>
      </Box>
      {result && (
        <Alert
          severity={bulkResultReport(result).tone}
          sx={{ mt: 1.5 }}
          onClose={() => setResult(null)}
          data-testid="bulk-result"
        >
          {bulkResultReport(result).text}
        </Alert>
      )}
    </Paper>
  );
}
