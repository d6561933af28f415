import type { TestListRow, TestRowAction, TestRowRules } from '@assess/contracts/tests';
import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UploadIcon from '@mui/icons-material/Upload';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useId, useState } from 'react';
import type { TestRowHandlers } from './testColumns';

type Item = { action: TestRowAction; label: string; icon: ReactNode };

/** The menu of part 3 §2 (Edit, Copy, Delete, Download Test, Upload answers, Download OMR, Clean Data) and Lock. */
const items = (row: TestListRow): Item[] => [
  { action: 'edit', label: 'Edit', icon: <EditOutlinedIcon fontSize="small" /> },
  { action: 'copy', label: 'Copy', icon: <ContentCopyIcon fontSize="small" /> },
  { action: 'delete', label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" /> },
  row.isLocked
    ? { action: 'unlock', label: 'Unlock', icon: <LockOpenIcon fontSize="small" /> }
    : { action: 'lock', label: 'Lock', icon: <LockOutlinedIcon fontSize="small" /> },
  { action: 'downloadTest', label: 'Download Test', icon: <DownloadIcon fontSize="small" /> },
  { action: 'uploadAnswers', label: 'Upload answers', icon: <UploadIcon fontSize="small" /> },
  { action: 'downloadOmr', label: 'Download OMR', icon: <DownloadIcon fontSize="small" /> },
  { action: 'cleanData', label: 'Clean Data', icon: <CleaningServicesOutlinedIcon fontSize="small" /> },
];

/**
 * A row's menu. Every item is listed; an item the row rules turn off is disabled and says why underneath
 * (a disabled menu item cannot show a tooltip).
 */
export function TestRowMenu({
  row,
  rules,
  handlers,
}: {
  row: TestListRow;
  rules: TestRowRules;
  handlers: TestRowHandlers;
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
        {items(row).map((it) => {
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
