import { type DashboardWidget, dashboardCards } from '@assess/contracts/dashboard';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import InterestsOutlined from '@mui/icons-material/InterestsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../components/DateTime';

export type CardId = keyof typeof dashboardCards;
const icons: Record<CardId, ReactNode> = {
  testSeries: <LibraryBooksOutlined />,
  providers: <BusinessOutlined />,
  tests: <AssignmentOutlined />,
  quickTests: <BoltOutlined />,
  products: <Inventory2Outlined />,
  provisionLicenses: <CardMembershipOutlined />,
  assignedLicenses: <AssignmentIndOutlined />,
  questions: <QuizOutlined />,
  students: <PeopleOutlined />,
  interests: <InterestsOutlined />,
  messages: <EmailOutlined />,
};

function Figure({ label, value }: { label?: string; value: number | undefined }) {
  return (
    <Box>
      <Typography component="p" sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>
        {value === undefined ? '\u00a0' : value.toLocaleString('en-IN')}
      </Typography>
      {label && (
        <Typography component="p" variant="body2" color="textSecondary">
          {label}
        </Typography>
      )}
    </Box>
  );
}

/**
 * One dashboard card: title, figure(s), the Updated time; the whole card leads to its page, or (Products,
 * role 7) is a button that opens its dialog (`onOpen`).
 */
export function DashboardCard({
  id,
  widget,
  updatedAt,
  onOpen,
}: {
  id: CardId;
  widget: DashboardWidget | undefined;
  updatedAt: string | undefined;
  onOpen?: () => void;
}) {
  const { title, path } = dashboardCards[id];
  const action = path === null ? { onClick: onOpen } : { component: RouterLink, to: path };
  return (
    <Card variant="outlined" data-testid={`card-${id}`}>
      <CardActionArea {...action} sx={{ p: 2.5, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, color: 'primary.main' }}>
          {icons[id]}
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16, color: 'text.primary' }}>
            {title}
          </Typography>
        </Box>
        {id === 'messages' ? (
          <Box sx={{ display: 'flex', gap: 4 }}>
            <Figure
              label="Scheduled"
              value={widget?.kind === 'messages' ? widget.scheduledCount : undefined}
            />
            <Figure
              label="Delivered"
              value={widget?.kind === 'messages' ? widget.deliveredCount : undefined}
            />
          </Box>
        ) : (
          <Figure value={widget?.kind === 'count' ? widget.count : undefined} />
        )}
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1.5 }}>
          Updated {updatedAt ? <DateTime value={updatedAt} /> : '-'}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
