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
import FilterListIcon from '@mui/icons-material/FilterList';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
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
type Option = { id: number; label: string };

const statusOptions: Option[] = [1, 2, 3, 4, 5].map((id) => ({ id, label: testStatusName(id) }));
const yesNoOptions: Option[] = [
  { id: 2, label: 'Yes' },
  { id: 1, label: 'No' },
];
const typeOptions: Option[] = [
  { id: 0, label: 'Full test' },
  { id: 1, label: 'Quick test' },
];

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
  // on a phone the bar folds behind one button
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
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

  const select = (options: Option[]) => (
    <TextField
      select
      size="small"
      fullWidth
      label="Value"
      value={value ?? ''}
      onChange={(e) => setValue(Number(e.target.value))}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
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
        return select(statusOptions);
      case 'difficultyLevel':
        return select(difficultyIds.map((id) => ({ id, label: difficultyNames[id] })));
      case 'showHint':
      case 'showBookmark':
      case 'navigationAllowed':
        return select(yesNoOptions);
      case 'testType':
        return select(typeOptions);
      case 'objective':
        return multi(lookups?.objective);
      case 'targetAudience':
        return multi(lookups?.targetAudience);
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
    <Box sx={{ mb: 2 }}>
      {phone && (
        <Button
          variant="outlined"
          fullWidth
          startIcon={<FilterListIcon />}
          aria-expanded={open}
          aria-controls={barId}
          onClick={() => setOpen((o) => !o)}
        >
          Filter and bulk update{selectedIds.length ? ` (${selectedIds.length} selected)` : ''}
        </Button>
      )}
      <Collapse in={!phone || open}>
        <Paper
          id={barId}
          variant="outlined"
          sx={{ p: 1.5, mt: phone ? 1 : 0 }}
          component="section"
          aria-label="Filter and bulk update"
        >
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              alignItems: 'center',
              gridTemplateColumns: {
                xs: '1fr',
                sm: '1fr 1fr',
                md: '220px minmax(0, 1fr) auto auto auto auto',
              },
            }}
          >
            <TextField
              select
              size="small"
              label="Field"
              value={field}
              onChange={(e) => {
                setField(e.target.value as TestBulkSelectable);
                setValue(null);
                setResult(null);
              }}
            >
              {fieldOrder.map((f) => (
                <MenuItem key={f} value={f}>
                  {testBulkFieldLabels[f]}
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
            {canUpdate && (
              <Button variant="contained" onClick={update} disabled={bulk.isPending}>
                Update
              </Button>
            )}
            {canUpdate && (
              <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
                {selectedIds.length} selected
              </Typography>
            )}
          </Box>
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
      </Collapse>
    </Box>
  );
}
