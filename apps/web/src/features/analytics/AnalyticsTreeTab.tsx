import {
  type AnalyticsContentId,
  type AnalyticsExecutionId,
  analyticsContentNames,
  analyticsExecutionNames,
  analyticsMessages,
} from '@assess/contracts/analytics';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AnalyticsTree } from './AnalyticsTree';
import { useTreeAnalytics } from './api';

const contents = [1, 2, 3] as const;
const executions = [1, 2, 3, 4] as const;

/** Content (Category Subject / Difficulty Level / Question Type) × execution (Score / Attempt Rate / Accuracy Rate / Duration). */
export function AnalyticsTreeTab({ testId }: { testId: number }) {
  const [content, setContent] = useState<AnalyticsContentId>(1);
  const [execution, setExecution] = useState<AnalyticsExecutionId>(1);
  const tree = useTreeAnalytics(testId, content, execution);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={content}
          aria-label="Content"
          onChange={(_e, v: AnalyticsContentId | null) => v && setContent(v)}
        >
          {contents.map((c) => (
            <ToggleButton key={c} value={c}>
              {analyticsContentNames[c]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={execution}
          aria-label="Execution"
          onChange={(_e, v: AnalyticsExecutionId | null) => v && setExecution(v)}
        >
          {executions.map((x) => (
            <ToggleButton key={x} value={x}>
              {analyticsExecutionNames[x]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {tree.data && (
        <Typography variant="body2" color="text.secondary">
          Objective: {tree.data.objective.join(', ') || '–'} · Target audience:{' '}
          {tree.data.targetAudience.join(', ') || '–'}
        </Typography>
      )}
      {tree.isFetching && <LinearProgress aria-label="Loading the analytics" />}
      {tree.isError && <Alert severity="error">{tree.error.message}</Alert>}
      {!!tree.data?.countingAttempts && (
        <Alert severity="info">{analyticsMessages.stillCounting(tree.data.countingAttempts)}</Alert>
      )}
      {tree.data && (
        <AnalyticsTree
          key={`${content}-${execution}`}
          nodes={tree.data.analyticsResult}
          execution={execution}
        />
      )}
    </Box>
  );
}
