import {
  ContentFilter,
  questionTypeIds,
  questionTypeNames,
  type TreeNode,
} from '@assess/contracts/questions';
import { poolTopicsSchema, type SectionRow } from '@assess/contracts/sections';
import { sectionMessages as m } from '@assess/contracts/tests';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { AppModal } from '../../components/AppModal';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useTree } from '../question-bank/api';
import { TopicChecklist, TopicFilter, TopicListFrame } from '../question-bank/tree/TopicChecklist';
import { buildForest, flatten, matchingKeys } from '../question-bank/tree/treeModel';
import { useSetTopics } from './api';

/**
 * "Assign topics to pool" (AssignTopicsToPool): the topics (own and subscribed) each attempt draws from at its
 * start, how many per topic, which question types, and whether to draw at all (randomizeType). The server
 * answers the spec's warning when the topics and fixed questions cannot supply the section's count.
 */
export function TopicsDialog({
  testId,
  section,
  onClose,
}: {
  testId: number;
  section: SectionRow;
  onClose: () => void;
}) {
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const tree = useTree(ContentFilter.All);
  const save = useSetTopics(testId);
  const [topicIds, setTopicIds] = useState<number[]>(section.topics.map((t) => t.topicId));
  const [perTopic, setPerTopic] = useState(
    section.questionsPerTopic ? String(section.questionsPerTopic) : '',
  );
  const [types, setTypes] = useState<number[]>(section.questionTypes ?? []);
  const [random, setRandom] = useState(section.randomizeType === 1 || section.topics.length === 0);
  const [filter, setFilter] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nodes = useMemo<TreeNode[]>(() => tree.data?.nodes ?? [], [tree.data]);
  const rows = useMemo(() => flatten(buildForest(nodes)), [nodes]);
  const shown = useMemo(() => (filter.trim() ? matchingKeys(nodes, filter) : null), [nodes, filter]);
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

  const submit = async () => {
    const body = {
      topicIds,
      questionsPerTopic: perTopic,
      questionTypes: types,
      randomizeType: random ? 1 : 0,
    };
    const parsed = poolTopicsSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message])));
      return;
    }
    setErrors({});
    try {
      const res = await save.mutateAsync({ poolId: section.poolId, body: parsed.data });
      toast.success(res.message);
      if (res.warning) toast.warning(res.warning, { duration: 5000 });
      onClose();
    } catch (e) {
      setErrors({ _: isApiError(e) && e.status !== 0 ? e.message : m.errorOccured });
    }
  };

  return (
    <AppModal
      open
      onClose={onClose}
      title={`Assign topics to ${section.name}`}
      maxWidth="md"
      fullScreen={phone}
      disableClose={save.isPending}
      showCancel
      actions={
        <Button variant="contained" disabled={save.isPending} onClick={() => void submit()}>
          Save
        </Button>
      }
    >
      {errors._ && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors._}
        </Alert>
      )}
      <FormControlLabel
        control={<Switch checked={random} onChange={(e) => setRandom(e.target.checked)} />}
        label="Draw questions at random from these topics when each attempt starts"
      />
      <Box sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Box role="group" aria-labelledby="pool-topics-title">
          <Typography id="pool-topics-title" variant="subtitle2" sx={{ mb: 1 }}>
            Topics ({topicIds.length} chosen)
          </Typography>
          <TopicFilter value={filter} onChange={setFilter} />
          <TopicListFrame error={Boolean(errors.topicIds)} maxHeight={300} loading={tree.isLoading}>
            <TopicChecklist
              rows={rows}
              shown={shown}
              checked={topicIds}
              onToggle={(id) => setTopicIds((l) => toggle(l, id))}
              withProvider
            />
          </TopicListFrame>
          {errors.topicIds && (
            <Typography variant="caption" color="error" role="alert">
              {errors.topicIds}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <TextField
            size="small"
            type="number"
            label="Questions per Topic"
            value={perTopic}
            onChange={(e) => setPerTopic(e.target.value)}
            error={Boolean(errors.questionsPerTopic)}
            helperText={errors.questionsPerTopic ?? 'Empty: no limit per topic'}
          />
          <FormGroup>
            <FormLabel component="legend" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
              Question Types (none checked: every type)
            </FormLabel>
            {questionTypeIds.map((id) => (
              <FormControlLabel
                key={id}
                control={
                  <Checkbox
                    size="small"
                    checked={types.includes(id)}
                    onChange={() => setTypes((l) => toggle(l, id))}
                  />
                }
                label={questionTypeNames[id]}
              />
            ))}
          </FormGroup>
          <Typography variant="body2" color="textSecondary">
            Questions allowed: {section.questionCount}. Fixed questions: {section.fixedCount}. The section can
            supply {section.supply} now.
          </Typography>
        </Box>
      </Box>
    </AppModal>
  );
}
