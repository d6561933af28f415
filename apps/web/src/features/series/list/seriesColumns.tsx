import {
  type SeriesListRow,
  type SeriesRowAction,
  type SeriesRowCaller,
  type SeriesRowRules,
  seriesRowRules,
  subscriptionTypeName,
} from '@assess/contracts/series';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { catalogueColumns, RowButtons, rowButton, sharedButtons } from '../../test-series-shared/columns';
import { SeriesRowMenu } from './SeriesRowMenu';

/** Row handlers of the series list: one per action of the row rules. */
export type SeriesRowHandlers = Partial<Record<SeriesRowAction, (row: SeriesListRow) => void>>;

/** The class a locked row's cells carry (greyed: part 3 §4 "Locked rows are shown grey"). */
export const SERIES_LOCKED_CELL = 'series-row-locked';

/**
 * The test series list's columns (part 3 §2): code, name, provider name, status, difficulty, subscription
 * type, objective, target audience, scheduled date, actions. The actions follow seriesRowRules (the server's
 * own check): Play, Edit (read-only per §4), View Tests, Publish, Assign, Schedule as buttons; Upload
 * resourceImage, Schedule for content curator, Delete and Clean data in the row menu.
 */
export function seriesColumns(caller: SeriesRowCaller, h: SeriesRowHandlers): GridColDef<SeriesListRow>[] {
  const render = (row: SeriesListRow) => {
    const r: SeriesRowRules = seriesRowRules(row, caller);
    const on = (a: SeriesRowAction) => (h[a] ? () => h[a]?.(row) : undefined);
    const code = row.code;
    return (
      <>
        <RowButtons
          buttons={[
            r.playHidden ? null : rowButton(`Play ${code}`, r.play, on('play'), PlayArrowOutlinedIcon),
            r.editReadOnly
              ? rowButton(`View ${code}`, r.edit, on('edit'), VisibilityOutlinedIcon)
              : rowButton(`Edit ${code}`, r.edit, on('edit'), EditOutlinedIcon),
            rowButton(`View Tests of ${code}`, r.viewTests, on('viewTests'), ListAltOutlinedIcon),
            ...sharedButtons(code, r, on, row.scheduleStatus),
          ]}
        />
        <SeriesRowMenu row={row} rules={r} handlers={h} />
      </>
    );
  };
  return catalogueColumns<SeriesListRow>({
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
    actions: { width: 270, sortable: false, render },
  });
}
