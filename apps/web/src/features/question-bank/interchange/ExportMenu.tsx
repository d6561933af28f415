import {
  type InterchangeExportQuery,
  interchangeFormatInfo,
  interchangeFormats,
} from '@assess/contracts/question-imports';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useToast } from '../../../components';
import { isApiError } from '../../../lib/api';
import { exportQuestions } from './interchangeApi';

/**
 * 'Export' with a menu of the three formats (Moodle XML, GIFT, QTI 3.0 package) for what `query` names: a
 * selection of the grid, a topic or a category. Disabled (with the reason) when there is nothing to export.
 */
export function ExportMenu({
  query,
  disabledReason,
  label = 'Export',
}: {
  query: Omit<InterchangeExportQuery, 'format'> | null;
  disabledReason: string;
  label?: string;
}) {
  const toast = useToast();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Tooltip title={query ? '' : disabledReason}>
        <span>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={!query || busy}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(ev) => setAnchor(ev.currentTarget)}
          >
            {label}
          </Button>
        </span>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {interchangeFormats.map((f) => (
          <MenuItem
            key={f}
            onClick={async () => {
              setAnchor(null);
              if (!query) return;
              setBusy(true);
              try {
                await exportQuestions(f, query);
              } catch (err) {
                toast.error(isApiError(err) ? err.message : String(err), { duration: 5000 });
              } finally {
                setBusy(false);
              }
            }}
          >
            {interchangeFormatInfo[f].label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
