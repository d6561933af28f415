import {
  type TestListRow,
  type TestRowAction,
  type TestRowCaller,
  testRowRules,
} from '@assess/contracts/tests';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { catalogueColumns, rowButton, sharedButtons } from '../../test-series-shared/columns';
import type { RowMenuItem } from '../../test-series-shared/RowMenu';

/** Row handlers of the tests list: one per action of the row rules. */
export type TestRowHandlers = Partial<Record<TestRowAction, (row: TestListRow) => void>>;

/** The class a locked row's cells carry (the page greys them: part 3 §4 "Locked rows are shown grey"). */
const LOCKED_CELL = 'test-row-locked';

/** The menu of part 3 §2 (Edit, Copy, Delete, Download Test, Upload answers, Download OMR, Clean Data) and Lock. */
const menuItems = (row: TestListRow): RowMenuItem<TestRowAction>[] => [
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
 * The tests list's columns (part 3 §2): code, name, provider name, status, difficulty level, objective, target
 * audience, scheduled date, actions. The actions follow testRowRules (the server's own check): preview,
 * publish, Test Details, assign, schedule and analytics as buttons; Edit, Copy, Delete, Lock, the OMR items
 * and Clean Data in the row menu.
 */
export function testColumns(caller: TestRowCaller, h: TestRowHandlers) {
  return catalogueColumns({
    lockedClass: LOCKED_CELL,
    lock: { label: (row) => `Locked by ${row.lockedByName ?? 'another user'}`, tooltip: true },
    // whole titles and dates: 'Difficulty Level', '26-Nov-2026 11:17:14 AM' (the grid scrolls sideways anyway)
    widths: { name: 150, provider: 140, status: 105, difficulty: 130, scheduled: 205 },
    difficultyHeader: 'Difficulty Level',
    rowId: (row: TestListRow) => row.testId,
    rules: (row) => testRowRules(row, caller),
    handlers: h,
    actions: {
      width: 262,
      buttons: ({ code, scheduleStatus }, r, on) => {
        const [publish, assign, schedule] = sharedButtons(code, r, on, scheduleStatus);
        return [
          rowButton(`Preview ${code}`, r.preview, on('preview'), VisibilityIcon),
          publish,
          rowButton(`Test Details of ${code}`, r.details, on('details'), InfoOutlinedIcon),
          assign,
          schedule,
          rowButton(`Analytics of ${code}`, r.analytics, on('analytics'), AssessmentOutlinedIcon),
        ];
      },
      menu: menuItems,
    },
  });
}
