import type { ConfigurationOption } from '@assess/contracts/configuration';
import { ContentFilter, type TreeNode } from '@assess/contracts/questions';
import { topicwiseMessages as m } from '@assess/contracts/topicwise';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { type Control, useController } from 'react-hook-form';
import { FormCheckbox } from '../../components/FormFields';
import { LookupMulti } from '../../components/LookupMulti';
import { useTree } from '../question-bank/api';
import { TopicListFrame, TopicListNote } from '../question-bank/tree/TopicChecklist';
import { buildForest, flatten, type TreeItem } from '../question-bank/tree/treeModel';
import type { TopicwiseFormValues } from './api';

/**
 * Step 1, Select Topics (part 3 §2, §5): a category (mandatory), its topic tree where only leaf topics can be
 * checked, Objectives and TargetAudience, Combined Topic Test.
 */
export function TopicsStep({
  control,
  category,
  onCategory,
  objectives,
  targetAudiences,
}: {
  control: Control<TopicwiseFormValues>;
  category: number | null;
  onCategory: (id: number | null) => void;
  objectives: ConfigurationOption[] | undefined;
  targetAudiences: ConfigurationOption[] | undefined;
}) {
  const tree = useTree(ContentFilter.Owned);
  const nodes = useMemo<TreeNode[]>(() => (tree.data?.nodes ?? []).filter((n) => n.owned), [tree.data]);
  const forest = useMemo(() => buildForest(nodes), [nodes]);
  const categories = useMemo(() => flatten(forest).filter((n) => n.nodeType === 'category'), [forest]);
  const shown = useMemo(() => {
    const root = flatten(forest).find((n) => n.nodeType === 'category' && n.id === category);
    return root ? flatten(root.children) : [];
  }, [forest, category]);
  const { field, fieldState } = useController({ control, name: 'topics.topicIds' });
  const chosen = (field.value ?? []) as number[];
  const toggle = (id: number) =>
    field.onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);

  const row = (n: TreeItem, level: number) => {
    const leaf = n.nodeType === 'topic' && n.children.length === 0;
    return (
      <Box key={n.key} sx={{ pl: 1 + level * 2.5 }}>
        {leaf ? (
          <FormControlLabel
            sx={{ m: 0 }}
            control={<Checkbox size="small" checked={chosen.includes(n.id)} onChange={() => toggle(n.id)} />}
            label={<Typography variant="body2">{n.name}</Typography>}
          />
        ) : (
          <Stack
            direction="row"
            spacing={0.75}
            sx={{ py: 0.75, alignItems: 'center', color: 'text.secondary' }}
          >
            {n.nodeType === 'category' ? (
              <FolderOutlinedIcon fontSize="small" aria-hidden />
            ) : (
              <LabelOutlinedIcon fontSize="small" aria-hidden />
            )}
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {n.name}
            </Typography>
          </Stack>
        )}
      </Box>
    );
  };
  const root = categories.find((c) => c.id === category);

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Alert severity="info">{m.topicNote}</Alert>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <TextField
          select
          fullWidth
          size="small"
          required
          label="Category"
          value={category ?? ''}
          onChange={(e) => {
            onCategory(e.target.value === '' ? null : Number(e.target.value));
            field.onChange([]);
          }}
        >
          {categories.map((c) => (
            <MenuItem key={c.key} value={c.id}>
              {'\u2003'.repeat(c.level)}
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TopicListFrame
          label="Topics"
          mt={1.5}
          error={!!fieldState.error}
          maxHeight={340}
          loading={tree.isLoading}
        >
          {!root && !tree.isLoading && <TopicListNote>Choose a category to see its topics.</TopicListNote>}
          {root && shown.length === 0 && <TopicListNote>This category has no topics.</TopicListNote>}
          {root && shown.map((n) => row(n, n.level - root.level - 1))}
        </TopicListFrame>
        <Typography
          variant="caption"
          color={fieldState.error ? 'error' : 'textSecondary'}
          role={fieldState.error ? 'alert' : undefined}
        >
          {fieldState.error?.message ?? `${chosen.length} topic(s) chosen`}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <LookupMulti
          control={control}
          name="topics.objective"
          label="Objectives"
          options={objectives}
          disabled={false}
        />
        <LookupMulti
          control={control}
          name="topics.targetAudience"
          label="TargetAudience"
          options={targetAudiences}
          disabled={false}
        />
        <FormCheckbox control={control} name="topics.combinedTopicTest" label="Combined Topic Test" />
      </Grid>
    </Grid>
  );
}
