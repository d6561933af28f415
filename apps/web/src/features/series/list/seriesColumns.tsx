import { difficultyNames } from '@assess/contracts/questions';
import { scheduleButtonColour } from '@assess/contracts/scheduling';
import {
  type SeriesListRow,
  type SeriesRowAction,
  type SeriesRowCaller,
  type SeriesRowRules,
  seriesRowRules,
  subscriptionTypeName,
} from '@assess/contracts/series';
import { TestStatus, testStatusName } from '@assess/contracts/tests';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import LockIcon from '@mui/icons-material/Lock';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/DateTime';
import { SeriesRowMenu } from './SeriesRowMenu';

/** Row handlers of the series list: one per action of the row rules. */
export type SeriesRowHandlers = Partial<Record<SeriesRowAction, (row: SeriesListRow) => void>>;

/** The class a locked row's cells carry (greyed: part 3 §4 "Locked rows are shown grey"). */
export const SERIES_LOCKED_CELL = 'series-row-locked';

const statusColor = (s: number) =>
  s === TestStatus.Draft
    ? 'default'
    : s === TestStatus.Ready
      ? 'primary'
      : s === TestStatus.Published
        ? 'success'
        : 'secondary';

function Action(props: {
  label: string;
  rule: { enabled: boolean; reason: string | null };
  onClick?: () => void;
  children: ReactNode;
  color?: string;
}) {
  const { label, rule, onClick, children, color } = props;
  return (
    <Tooltip title={rule.reason ?? label} disableInteractive>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={!rule.enabled}
          onClick={onClick}
          sx={color && rule.enabled ? { color } : undefined}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const joined = (names: string[]) => (names.length ? names.join(', ') : '-');

/**
 * The test series list's columns (part 3 §2): code, name, provider name, status, difficulty, subscription
 * type, objective, target audience, scheduled date, actions. The actions follow seriesRowRules (the server's
 * own check): Play, Edit (read-only per §4), View Tests, Publish, Assign, Schedule as buttons; Upload
 * resourceImage, Schedule for content curator, Delete and Clean data in the row menu.
 */
export function seriesColumns(caller: SeriesRowCaller, h: SeriesRowHandlers): GridColDef<SeriesListRow>[] {
  const locked = ({ row }: { row: SeriesListRow }) => (row.isLocked ? SERIES_LOCKED_CELL : '');
  const col = (c: GridColDef<SeriesListRow>): GridColDef<SeriesListRow> => ({ cellClassName: locked, ...c });
  return [
    col({
      field: 'code',
      headerName: 'Code',
      width: 120,
      renderCell: ({ row }) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {row.isLocked && <LockIcon fontSize="inherit" aria-label="Locked" />}
          {row.code}
        </Box>
      ),
    }),
    col({ field: 'name', headerName: 'Name', flex: 1, minWidth: 160 }),
    col({ field: 'providerName', headerName: 'Provider Name', width: 150 }),
    col({
      field: 'status',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          label={testStatusName(row.status)}
          color={statusColor(row.status)}
          variant={row.status === TestStatus.Draft ? 'outlined' : 'filled'}
        />
      ),
    }),
    col({
      field: 'difficultyLevel',
      headerName: 'Difficulty',
      width: 95,
      valueGetter: (_v, row) => difficultyNames[row.difficultyLevel as 1 | 2 | 3] ?? '-',
    }),
    col({
      field: 'subscriptionType',
      headerName: 'Subscription Type',
      width: 125,
      valueGetter: (_v, row) => subscriptionTypeName(row.status),
    }),
    col({
      field: 'objective',
      headerName: 'Objective',
      width: 120,
      valueGetter: (_v, row) => joined(row.objective),
    }),
    col({
      field: 'targetAudience',
      headerName: 'Target Audience',
      width: 120,
      valueGetter: (_v, row) => joined(row.targetAudience),
    }),
    col({
      field: 'scheduleDate',
      headerName: 'Scheduled Date',
      width: 185,
      renderCell: ({ row }) => <DateTime value={row.scheduleDate} />,
    }),
    col({
      field: 'actions',
      headerName: 'Actions',
      width: 270,
      sortable: false,
      renderCell: ({ row }) => {
        const r: SeriesRowRules = seriesRowRules(row, caller);
        const on = (a: SeriesRowAction) => (h[a] ? () => h[a]?.(row) : undefined);
        return (
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            {!r.playHidden && (
              <Action label={`Play ${row.code}`} rule={r.play} onClick={on('play')}>
                <PlayArrowOutlinedIcon fontSize="small" />
              </Action>
            )}
            <Action
              label={r.editReadOnly ? `View ${row.code}` : `Edit ${row.code}`}
              rule={r.edit}
              onClick={on('edit')}
            >
              {r.editReadOnly ? (
                <VisibilityOutlinedIcon fontSize="small" />
              ) : (
                <EditOutlinedIcon fontSize="small" />
              )}
            </Action>
            <Action label={`View Tests of ${row.code}`} rule={r.viewTests} onClick={on('viewTests')}>
              <ListAltOutlinedIcon fontSize="small" />
            </Action>
            <Action
              label={`Publish ${row.code}`}
              rule={r.publish}
              onClick={on('publish')}
              color="success.main"
            >
              <PublishIcon fontSize="small" />
            </Action>
            <Action label={`Assign ${row.code} to students`} rule={r.assign} onClick={on('assign')}>
              <PersonAddAltOutlinedIcon fontSize="small" />
            </Action>
            <Action
              label={`Schedule ${row.code}`}
              rule={r.schedule}
              onClick={on('schedule')}
              color={`${scheduleButtonColour(row.scheduleStatus)}.main`}
            >
              <ScheduleIcon fontSize="small" />
            </Action>
            <SeriesRowMenu row={row} rules={r} handlers={h} />
          </Box>
        );
      },
    }),
  ];
}
