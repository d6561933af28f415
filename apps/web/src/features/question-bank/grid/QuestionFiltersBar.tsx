import type { ConfigurationOption } from '@assess/contracts/configuration';
import type { TreeNode } from '@assess/contracts/questions';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { FoldOnPhone } from '../../../components/FoldOnPhone';
import { NumberInput } from '../dialog/fields';
import { buildForest, flatten } from '../tree/treeModel';
import type { QuestionFilters } from './QuestionGrid';
import { type QuestionOption, questionOptions } from './questionOptions';

type Option = QuestionOption;

function Select({
  label,
  value,
  onChange,
  items,
}: {
  label: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
  items: Option[];
}) {
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
    >
      <MenuItem value="">
        <em>All</em>
      </MenuItem>
      {items.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const lookupOptions = (list: ConfigurationOption[] | undefined): Option[] =>
  (list ?? []).map((o) => ({ id: o.id, label: o.value }));

/**
 * The grid's filters (§2): topic or category (every topic below it included), difficulty, points, status,
 * objective, target audience, code, content type and question type.
 */
export function QuestionFiltersBar({
  value,
  onChange,
  nodes,
  objectives,
  targetAudiences,
}: {
  value: QuestionFilters;
  onChange: (next: QuestionFilters) => void;
  nodes: readonly TreeNode[];
  objectives: ConfigurationOption[] | undefined;
  targetAudiences: ConfigurationOption[] | undefined;
}) {
  const [code, setCode] = useState(value.code ?? '');
  const set = (patch: Partial<QuestionFilters>) => onChange({ ...value, ...patch });
  // the code filter follows typing after a short pause
  useEffect(() => {
    const t = setTimeout(() => {
      if ((value.code ?? '') !== code.trim()) onChange({ ...value, code: code.trim() || undefined });
    }, 400);
    return () => clearTimeout(t);
  }, [code, value, onChange]);
  const tree = useMemo(() => flatten(buildForest(nodes)), [nodes]);
  const nodeKey = value.topicId ? `t${value.topicId}` : value.categoryId ? `c${value.categoryId}` : '';

  const active = Object.entries(value).filter(([k, v]) => k !== 'contentFilter' && v !== undefined).length;
  return (
    <FoldOnPhone buttonText={`Filters${active ? ` (${active})` : ''}`} contentId="question-filters">
      {(phone) => (
        <Box
          id="question-filters"
          role="search"
          aria-label="Question filters"
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(5, minmax(0, 1fr))' },
            mt: phone ? 1.5 : 0,
          }}
        >
          <TextField
            select
            size="small"
            label="Topic"
            value={nodeKey}
            onChange={(e) => {
              const k = e.target.value;
              const id = k ? Number(k.slice(1)) : undefined;
              set({
                topicId: k.startsWith('t') ? id : undefined,
                categoryId: k.startsWith('c') ? id : undefined,
              });
            }}
            sx={{ gridColumn: { md: 'span 2' } }}
          >
            <MenuItem value="">
              <em>All</em>
            </MenuItem>
            {tree.map((n) => (
              <MenuItem
                key={n.key}
                value={n.key}
                sx={{ pl: 2 + n.level * 2, fontWeight: n.nodeType === 'category' ? 600 : 400 }}
              >
                {n.name}
                {!n.owned ? ` (${n.providerName})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label="Code" value={code} onChange={(e) => setCode(e.target.value)} />
          <Select
            label="Question Type"
            value={value.questionType}
            onChange={(questionType) => set({ questionType })}
            items={questionOptions.questionType}
          />
          <Select
            label="Content Type"
            value={value.contentType}
            onChange={(contentType) => set({ contentType })}
            items={questionOptions.contentType}
          />
          <Select
            label="Status"
            value={value.status}
            onChange={(status) => set({ status })}
            items={questionOptions.status}
          />
          <Select
            label="Difficulty Level"
            value={value.difficultyLevel}
            onChange={(difficultyLevel) => set({ difficultyLevel })}
            items={questionOptions.difficultyLevel}
          />
          <NumberInput
            label="Points"
            value={value.points ?? null}
            onChange={(points) => set({ points: points ?? undefined })}
          />
          <Select
            label="Objective"
            value={value.objective}
            onChange={(objective) => set({ objective })}
            items={lookupOptions(objectives)}
          />
          <Select
            label="Target Audience"
            value={value.targetAudience}
            onChange={(targetAudience) => set({ targetAudience })}
            items={lookupOptions(targetAudiences)}
          />
          <Button
            variant="text"
            color="inherit"
            startIcon={<RestartAltIcon />}
            onClick={() => {
              setCode('');
              onChange({ contentFilter: value.contentFilter });
            }}
            sx={{ justifySelf: 'start' }}
          >
            Clear filters
          </Button>
        </Box>
      )}
    </FoldOnPhone>
  );
}
