import type { ConfigurationLists } from '@assess/contracts/configuration';
import {
  type BulkField,
  type BulkUpdateResult,
  bulkFieldLabels,
  bulkResultReport,
  bulkUpdateIssue,
  choiceFormats,
  questionMessages as m,
  QuestionStatus,
  type TreeNode,
} from '@assess/contracts/questions';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { BulkBarRow, type BulkOption, BulkSelectValue, type BulkValue } from '../../../components/BulkBar';
import { DayField } from '../../../components/DateField';
import { useToast } from '../../../components/Toast';
import { isApiError } from '../../../lib/api';
import { useBulkTopicMapping, useBulkUpdate } from '../api';
import { NumberInput } from '../dialog/fields';
import type { QuestionFilters } from './QuestionGrid';
import { questionOptions } from './questionOptions';

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
const lockOptions = [
  { id: 'true', label: 'Locked' },
  { id: 'false', label: 'Unlocked' },
];
const labelOf = (f: Field) => (f === 'topic' ? 'Topic' : bulkFieldLabels[f]);
type Value = BulkValue;

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

  const options: Partial<Record<Field, BulkOption[]>> = {
    ...questionOptions,
    status: questionOptions.status.map((o) => ({
      ...o,
      disabled: o.id === QuestionStatus.Published && !canPublish,
    })),
    choiceFormat: choiceFormats.map((f) => ({ id: f.id, label: f.label })),
    topic: nodes.filter((n) => n.nodeType === 'topic' && n.owned).map((n) => ({ id: n.id, label: n.name })),
  };
  /** The fields with an input of their own: a flag, a date, numbers. */
  const ownInput = () => {
    switch (field) {
      case 'isLocked':
        return (
          <BulkSelectValue
            options={lockOptions}
            value={value}
            onChange={setValue}
            toValue={(raw) => raw === 'true'}
          />
        );
      case 'expiryDate':
        return (
          // DD-Mon-YYYY like every date of the console (a native date input showed the browser's own)
          <DayField
            label="Value"
            value={typeof value === 'string' ? value : ''}
            onChange={(day) => setValue(day || null)}
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
        return null;
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} component="section" aria-label="Bulk update">
      <BulkBarRow
        fieldLabel="Field to update"
        field={field}
        fields={fieldOrder}
        labelOf={labelOf}
        onFieldChange={(f) => {
          setField(f);
          setValue(null);
          setResult(null);
        }}
        valueInput={{ value, onChange: setValue, options, lookups, own: ownInput() }}
        onReset={reset}
        onSearch={search}
        update={{ onClick: update, busy, selected: selectedIds.length }}
      />
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
