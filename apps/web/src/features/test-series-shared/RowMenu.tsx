import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useId, useState } from 'react';
import type { RowRule } from './columns';

export type RowMenuItem<A extends string> = { action: A; label: string; icon: ReactNode };

/**
 * A row's menu of less frequent actions. Every item is listed; an item the row rules turn off is disabled and
 * says why underneath (a disabled menu item cannot show a tooltip). Picking an item calls the row's handler.
 */
export function RowMenu<A extends string, R extends { code: string }>({
  row,
  items,
  rules,
  handlers,
}: {
  row: R;
  items: RowMenuItem<A>[];
  rules: Record<A, RowRule>;
  handlers: Partial<Record<A, (row: R) => void>>;
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
        onClick={(e) => setAnchor(e.currentTarget)}
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
