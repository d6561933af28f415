import {
  type SeriesListRow,
  type SeriesRowAction,
  type SeriesRowCaller,
  seriesRowRules,
  subscriptionTypeName,
} from '@assess/contracts/series';
import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { catalogueColumns, rowButton, sharedButtons } from '../../test-series-shared/columns';
import type { RowMenuItem } from '../../test-series-shared/RowMenu';

/** Row handlers of the series list: one per action of the row rules. */
export type SeriesRowHandlers = Partial<Record<SeriesRowAction, (row: SeriesListRow) => void>>;

/** The class a locked row's cells carry (greyed: part 3 §4 "Locked rows are shown grey"). */
const SERIES_LOCKED_CELL = 'series-row-locked';

/** The row's less frequent actions (part 3 §2): Upload resourceImage, Schedule for content curator, Delete, Clean data. */
const menuItems: RowMenuItem<SeriesRowAction>[] = [
  { action: 'uploadImage', label: 'Upload resourceImage', icon: <ImageOutlinedIcon fontSize="small" /> },
  {
    action: 'scheduleForCurator',
    label: 'Schedule for content curator',
    icon: <EventAvailableOutlinedIcon fontSize="small" />,
  },
  { action: 'delete', label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" /> },
  { action: 'cleanData', label: 'Clean data', icon: <CleaningServicesOutlinedIcon fontSize="small" /> },
];

/**
 * The test series list's columns (part 3 §2): code, name, provider name, status, difficulty, subscription
 * type, objective, target audience, scheduled date, actions. The actions follow seriesRowRules (the server's
 * own check): Play, Edit (read-only per §4), View Tests, Publish, Assign, Schedule as buttons; Upload
 * resourceImage, Schedule for content curator, Delete and Clean data in the row menu.
 */
export function seriesColumns(caller: SeriesRowCaller, h: SeriesRowHandlers) {
  return catalogueColumns({
    lockedClass: SERIES_LOCKED_CELL,
    lock: { label: () => 'Locked', tooltip: false },
    widths: { name: 160, provider: 150, status: 110, difficulty: 95, scheduled: 185 },
    difficultyHeader: 'Difficulty',
    afterDifficulty: [
      {
        field: 'subscriptionType',
        headerName: 'Subscription Type',
        width: 125,
        valueGetter: (_v, row) => subscriptionTypeName(row.status),
      },
    ],
    rowId: (row: SeriesListRow) => row.courseId,
    rules: (row) => seriesRowRules(row, caller),
    handlers: h,
    actions: {
      width: 270,
      sortable: false,
      buttons: ({ code, scheduleStatus }, r, on) => [
        r.playHidden ? null : rowButton(`Play ${code}`, r.play, on('play'), PlayArrowOutlinedIcon),
        r.editReadOnly
          ? rowButton(`View ${code}`, r.edit, on('edit'), VisibilityOutlinedIcon)
          : rowButton(`Edit ${code}`, r.edit, on('edit'), EditOutlinedIcon),
        rowButton(`View Tests of ${code}`, r.viewTests, on('viewTests'), ListAltOutlinedIcon),
        ...sharedButtons(code, r, on, scheduleStatus),
      ],
      menu: () => menuItems,
    },
  });
}
