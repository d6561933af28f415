import type { TestListRow, TestRowAction, TestRowRules } from '@assess/contracts/tests';
import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { RowMenu, type RowMenuItem } from '../../test-series-shared/RowMenu';
import type { TestRowHandlers } from './testColumns';

/** The menu of part 3 §2 (Edit, Copy, Delete, Download Test, Upload answers, Download OMR, Clean Data) and Lock. */
const items = (row: TestListRow): RowMenuItem<TestRowAction>[] => [
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

/** A row's menu: every item listed, an item the row rules turn off disabled with its reason underneath. */
export function TestRowMenu({
  row,
  rules,
  handlers,
}: {
  row: TestListRow;
  rules: TestRowRules;
  handlers: TestRowHandlers;
}) {
  return <RowMenu code={row.code} items={items(row)} rules={rules} onPick={(a) => handlers[a]?.(row)} />;
}
