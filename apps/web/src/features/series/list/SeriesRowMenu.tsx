import type { SeriesListRow, SeriesRowAction, SeriesRowRules } from '@assess/contracts/series';
import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useId, useState } from 'react';
import type { SeriesRowHandlers } from './seriesColumns';

type Item = { action: SeriesRowAction; label: string; icon: ReactNode };

/** The row's less frequent actions (part 3 §2): Upload resourceImage, Schedule for content curator, Delete, Clean data. */
const items: Item[] = [
  { action: 'uploadImage', label: 'Upload resourceImage', icon: <ImageOutlinedIcon fontSize="small" /> },
  {
    action: 'scheduleForCurator',
    label: 'Schedule for content curator',
    icon: <EventAvailableOutlinedIcon fontSize="small" />,
  },
  { action: 'delete', label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" /> },
  { action: 'cleanData', label: 'Clean data', icon: <CleaningServicesOutlinedIcon fontSize="small" /> },
];

/** A disabled menu item cannot show a tooltip: the row rule's reason is written underneath. */
export function SeriesRowMenu({
  row,
  rules,
  handlers,
}: {
  row: SeriesListRow;
  rules: SeriesRowRules;
  handlers: SeriesRowHandlers;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions for ${row.code}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(ev) => setAnchor(ev.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {items.map((it) => {
          const rule = rules[it.action];
          return (
            <MenuItem
              key={it.action}
              disabled={!rule.enabled}
              onClick={() => {
                close();
                handlers[it.action]?.(row);
              }}
              sx={{ maxWidth: 340, whiteSpace: 'normal' }}
            >
              <ListItemIcon>{it.icon}</ListItemIcon>
              <ListItemText
                primary={it.label}
                secondary={rule.reason}
                slotProps={{ secondary: { variant: 'caption', sx: { color: 'text.secondary' } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
