import { ContentFilter, type TreeNode } from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useMemo, useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useTree } from '../api';
import { TopicChecklist, TopicFilter, TopicListFrame, TopicListNote } from '../tree/TopicChecklist';
import { buildForest, flatten, matchingKeys, pathOf } from '../tree/treeModel';
import type { QuestionFormValues } from './questionForm';

/** The topic tree picker (§2): several own topics per question, chosen in the category/topic tree (memoised). */
export const TopicPicker = memo(function TopicPicker({
  control,
  disabled,
}: {
  control: Control<QuestionFormValues>;
  disabled: boolean;
}) {
  const tree = useTree(ContentFilter.Owned);
  const { field, fieldState } = useController({ control, name: 'topicIds' });
  const [filter, setFilter] = useState('');
  const nodes = useMemo<TreeNode[]>(() => (tree.data?.nodes ?? []).filter((n) => n.owned), [tree.data]);
  const rows = useMemo(() => flatten(buildForest(nodes)), [nodes]);
  const shown = useMemo(() => (filter.trim() ? matchingKeys(nodes, filter) : null), [nodes, filter]);
  const selected = field.value ?? [];
  const set = (ids: number[]) => field.onChange(ids);
  const toggle = (id: number) =>
    set(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const topicKey = (id: number) => `t${id}`;

  return (
    <Box role="group" aria-labelledby="topics-title">
      <Typography id="topics-title" variant="subtitle2" sx={{ mb: 1 }}>
        Topics *
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, mb: 1, minHeight: 24 }}>
        {selected.length === 0 && (
          <Typography variant="body2" color="textSecondary">
            No topic chosen
          </Typography>
        )}
        {selected.map((id) => (
          <Chip
            key={id}
            size="small"
            label={pathOf(nodes, topicKey(id)).join(' › ') || `Topic ${id}`}
            onDelete={disabled ? undefined : () => toggle(id)}
          />
        ))}
      </Stack>
      <TopicFilter value={filter} onChange={setFilter} disabled={disabled} />
      <TopicListFrame error={!!fieldState.error} maxHeight={220} loading={tree.isLoading}>
        {!tree.isLoading && rows.length === 0 && (
          <TopicListNote>No topics yet: create them in the category/topic tree.</TopicListNote>
        )}
        <TopicChecklist rows={rows} shown={shown} checked={selected} onToggle={toggle} disabled={disabled} />
      </TopicListFrame>
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
});
