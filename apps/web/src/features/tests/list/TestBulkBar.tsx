import type { ConfigurationLists } from '@assess/contracts/configuration';
import { difficultyIds, difficultyNames } from '@assess/contracts/questions';
import {
  type TestBulkResult,
  type TestBulkSelectable,
  type TestListQueryInput,
  testBulkFieldLabels,
  testBulkIssue,
  testMessages,
  testStatusName,
} from '@assess/contracts/tests';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { useId, useState } from 'react';
import { BulkBarRow, type BulkOption } from '../../../components/BulkBar';
import { FoldOnPhone } from '../../../components/FoldOnPhone';
import { useToast } from '../../../components/Toast';
import { isApiError } from '../../../lib/api';
import { useTestBulkUpdate } from './api';

/** The list's filters a field/value pair can become (the query's optional values). */
export type TestFilters = Omit<TestListQueryInput, 'pageNumber' | 'pageSize' | 'contentFilter'>;

const fieldOrder: TestBulkSelectable[] = [
  'none',
  'status',
  'difficultyLevel',
  'showHint',
  'showBookmark',
  'navigationAllowed',
  'objective',
  'targetAudience',
  'code',
  'testType',
];
type Value = number | string | number[] | null;
type Option = BulkOption;

const statusOptions: Option[] = [1, 2, 3, 4, 5].map((id) => ({ id, label: testStatusName(id) }));
const yesNoOptions: Option[] = [
  { id: 2, label: 'Yes' },
  { id: 1, label: 'No' },
];
const typeOptions: Option[] = [
  { id: 0, label: 'Full test' },
  { id: 1, label: 'Quick test' },
];

/** The fields chosen among options, and their options. */
const valueOptions: Partial<Record<TestBulkSelectable, Option[]>> = {
  status: statusOptions,
  difficultyLevel: difficultyIds.map((id) => ({ id, label: difficultyNames[id] })),
  showHint: yesNoOptions,
  showBookmark: yesNoOptions,
  navigationAllowed: yesNoOptions,
  testType: typeOptions,
};

/** How an active filter reads ('Status: Ready'). */
export function filterLabel(key: string, value: unknown, lookups: ConfigurationLists | undefined) {
  const v = Number(value);
  const name = (() => {
    switch (key) {
      case 'status':
        return testStatusName(v);
      case 'difficultyLevel':
        return difficultyNames[v as 1 | 2 | 3] ?? String(value);
      case 'showHint':
      case 'showBookmark':
      case 'navigationAllowed':
        return yesNoOptions.find((o) => o.id === v)?.label;
      case 'testType':
        return typeOptions.find((o) => o.id === v)?.label;
      case 'objective':
      case 'targetAudience':
        return lookups?.[key].find((o) => o.id === v)?.value;
      default:
        return String(value);
    }
  })();
  return `${testBulkFieldLabels[key as TestBulkSelectable] ?? key}: ${name ?? String(value)}`;
}

/** The filter a field/value pair becomes when searched. */
function asFilter(field: TestBulkSelectable, value: Value): TestFilters | null {
  if (value === null || value === '' || (Array.isArray(value) && !value.length)) return null;
  if (field === 'none') return null;
  if (field === 'code') return { code: String(value) };
  return { [field]: Array.isArray(value) ? value[0] : Number(value) };
}

/**
 * Filter by field and bulk update (part 3 §2, §5, §8): a field, a value, Reset, Search (shows the tests with
 * that value) and Update (sets it on the selected tests). Refusals use the spec's messages; an update
 * reports the selection's counts (total, ready, draft) and, when some tests stayed Draft, that they did not
 * meet the Ready criteria.
 */
export function TestBulkBar({
  selectedIds,
  canUpdate,
  onDone,
  onSearch,
  lookups,
}: {
  selectedIds: number[];
  canUpdate: boolean;
  onDone: () => void;
  onSearch: (filter: TestFilters) => void;
  lookups: ConfigurationLists | undefined;
}) {
  const toast = useToast();
  const bulk = useTestBulkUpdate();
  const [field, setField] = useState<TestBulkSelectable | ''>('');
  const [value, setValue] = useState<Value>(null);
  const [result, setResult] = useState<TestBulkResult | null>(null);
  const barId = useId();

  const reset = () => {
    setField('');
    setValue(null);
    setResult(null);
    onSearch({});
  };

  const update = async () => {
    setResult(null);
    const issue = testBulkIssue({ field, value, testIds: selectedIds });
    if (issue) return toast.warning(issue);
    try {
      const r = await bulk.mutateAsync({ field, value, testIds: selectedIds });
      setResult(r);
      toast.success(r.message);
      onDone();
    } catch (e) {
      toast.error(isApiError(e) && e.status !== 0 ? e.message : testMessages.errorOccured, {
        duration: 5000,
      });
    }
  };

  const search = () => {
    if (!field) return toast.warning(testMessages.bulkNoField);
    const f = asFilter(field, value);
    if (!f) return toast.warning(testMessages.bulkNoValue);
    onSearch(f);
  };

  return (
    <FoldOnPhone
      buttonText={`Filter and bulk update${selectedIds.length ? ` (${selectedIds.length} selected)` : ''}`}
      contentId={barId}
    >
      {(phone) => (
        <Paper
          id={barId}
          variant="outlined"
          sx={{ p: 1.5, mt: phone ? 1 : 0 }}
          component="section"
          aria-label="Filter and bulk update"
        >
          <BulkBarRow
            fieldLabel="Field"
            field={field}
            fields={fieldOrder}
            labelOf={(f) => testBulkFieldLabels[f]}
            onFieldChange={(f) => {
              setField(f);
              setValue(null);
              setResult(null);
            }}
            // no test field is a flag, so the value is never a boolean
            valueInput={{ value, onChange: (v) => setValue(v as Value), options: valueOptions, lookups }}
            onReset={reset}
            onSearch={search}
            update={
              canUpdate ? { onClick: update, busy: bulk.isPending, selected: selectedIds.length } : undefined
            }
          />
          {result && (
            <Alert
              severity="success"
              sx={{ mt: 1.5 }}
              onClose={() => setResult(null)}
              data-testid="bulk-result"
            >
              {result.message}: total {result.totalCount}, ready {result.readyCount}, draft{' '}
              {result.draftCount}
              {result.note ? `. ${result.note}` : ''}
            </Alert>
          )}
        </Paper>
      )}
    </FoldOnPhone>
  );
}
