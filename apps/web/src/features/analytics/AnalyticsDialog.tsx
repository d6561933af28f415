import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { AppModal } from '../../components/AppModal';
import { AnalyticsOverview } from './AnalyticsOverview';
import { AnalyticsTreeTab } from './AnalyticsTreeTab';
import { analyticsExportUrl } from './api';
import { ItemStatisticsTab } from './ItemStatisticsTab';

// Title Case like the spec's Content × Execution
const tabs = ['Overview', 'Content × Execution', 'Item Statistics'] as const;

/**
 * The analytics dialog (part 3 §2, full screen) of the tests list and the quick-test cards: the score
 * distribution and the top five, the content × execution tree, item statistics, and Export (xlsx, streamed).
 */
export function AnalyticsDialog({
  testId,
  name,
  onClose,
}: {
  testId: number;
  name: string;
  onClose: () => void;
}) {
  const [tab, setTab] = useState(0);
  return (
    <AppModal
      open
      fullScreen
      onClose={onClose}
      title={`Analytics: ${name}`}
      actions={
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          component="a"
          href={analyticsExportUrl(testId)}
          download
        >
          Export
        </Button>
      }
    >
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label="Analytics views" sx={{ mb: 2 }}>
        {tabs.map((t) => (
          <Tab key={t} label={t} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={tabs[tab]}>
        {tab === 0 && <AnalyticsOverview testId={testId} />}
        {tab === 1 && <AnalyticsTreeTab testId={testId} />}
        {tab === 2 && <ItemStatisticsTab testId={testId} />}
      </Box>
    </AppModal>
  );
}
