import {
  type QuickTestCard as Card,
  cutDescription,
  type QuickTestCardAction,
  type QuickTestCardCaller,
  quickTestCardColours,
  quickTestCardRules,
  quickTestLegend,
  quickTestLegendState,
} from '@assess/contracts/quick-tests';
import { testStatusName } from '@assess/contracts/tests';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import BarChartIcon from '@mui/icons-material/BarChart';
import EventIcon from '@mui/icons-material/Event';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import MuiCard from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';

/** What a card's menu item or icon asks the page to do. */
export type CardCommand = Exclude<QuickTestCardAction, 'publish'>;

const icons: { action: CardCommand; label: string; icon: ReactNode }[] = [
  { action: 'view', label: 'View Test', icon: <VisibilityIcon /> },
  { action: 'assign', label: 'Assign To Student', icon: <AssignmentIndIcon /> },
  { action: 'schedule', label: 'Schedule', icon: <EventIcon /> },
  { action: 'analytics', label: 'Analytics', icon: <BarChartIcon /> },
];
const menu: { action: CardCommand; label: string }[] = [
  { action: 'edit', label: 'Edit' },
  { action: 'delete', label: 'Delete' },
  { action: 'cleanData', label: 'Clean Data' },
];

/**
 * One quick test card (part 3 §2): coloured by its state (§2 colours), the name, the description cut at 35
 * characters, the menu (Edit, Delete, Clean Data) and the icons (View Test, Assign To Student, Schedule,
 * Analytics), each on or off by the §4 card rules (contracts quickTestCardRules; the server applies the same).
 */
export function QuickTestCard({
  card,
  caller,
  onCommand,
}: {
  card: Card;
  caller: QuickTestCardCaller;
  onCommand: (action: CardCommand, card: Card) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const rules = quickTestCardRules(card, caller);
  const state = quickTestLegendState(card);
  const colour = quickTestCardColours[state];
  // the legend's word for a scheduled card (a schedule awaiting its assign time is Scheduled too)
  const statusLabel =
    state === 'other' ? testStatusName(card.status) : quickTestLegend.find((l) => l.state === state)?.label;
  return (
    <MuiCard
      component="article"
      aria-label={card.text}
      data-state={state}
      variant="outlined"
      sx={{ borderTop: `6px solid ${colour}`, display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {card.text}
            </Typography>
            <Typography variant="body2" color="text.secondary" title={card.description ?? undefined}>
              {cutDescription(card.description) || '\u00a0'}
            </Typography>
          </Box>
          <IconButton
            size="small"
            aria-label={`Actions of ${card.text}`}
            aria-haspopup="menu"
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {statusLabel}
          </Box>
          {' · '}
          {card.questionCount} question{card.questionCount === 1 ? '' : 's'} · {card.studentsCount} student
          {card.studentsCount === 1 ? '' : 's'}
        </Typography>
      </CardContent>
      <CardActions sx={{ pt: 0 }}>
        {icons.map(({ action, label, icon }) => (
          <Tooltip key={action} title={rules[action].reason ?? label}>
            <span>
              <IconButton
                size="small"
                aria-label={label}
                disabled={!rules[action].enabled}
                onClick={() => onCommand(action, card)}
              >
                {icon}
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </CardActions>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {menu.map(({ action, label }) => (
          <MenuItem
            key={action}
            disabled={!rules[action].enabled}
            title={rules[action].reason ?? undefined}
            onClick={() => {
              setAnchor(null);
              onCommand(action, card);
            }}
          >
            {label}
          </MenuItem>
        ))}
      </Menu>
    </MuiCard>
  );
}
