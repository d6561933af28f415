import { difficultyNames } from '@assess/contracts/questions';
import {
  type TestListRow,
  type TestRowAction,
  type TestRowCaller,
  type TestRowRules,
  TestStatus,
  testRowRules,
  testStatusName,
} from '@assess/contracts/tests';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LockIcon from '@mui/icons-material/Lock';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/DateTime';
import { TestRowMenu } from './TestRowMenu';

/** Row handlers of the tests list: one per action of the row rules. */
export type TestRowHandlers = Partial<Record<TestRowAction, (row: TestListRow) => void>>;

/** The class a locked row's cells carry (the page greys them: part 3 §4 "Locked rows are shown grey"). */
export const LOCKED_CELL = 'test-row-locked';

// filled chips keep white text readable (AA)
const statusColor = (s: number) =>
  s === TestStatus.Draft
    ? 'default'
    : s === TestStatus.Ready
      ? 'primary'
      : s === TestStatus.Published
        ? 'success'
        : 'secondary';

/** §4 scheduleStatus: 4 a green schedule button, 5 orange, otherwise red. */
const scheduleColor = (s: number | null) =>
  s === 4 ? 'success.main' : s === 5 ? 'warning.dark' : 'error.main';

function Action({
  label,
  rule,
  onClick,
  children,
  color,
}: {
  label: string;
  rule: TestRowRules[TestRowAction];
  onClick?: () => void;
  children: ReactNode;
  color?: string;
}) {
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
 * The tests list's columns (part 3 §2): code, name, provider name, status, difficulty level, objective, target
 * audience, scheduled date, actions. The actions follow testRowRules (the server's own check): preview,
 * publish, Test Details, assign, schedule and analytics as buttons; Edit, Copy, Delete, Lock, the OMR items
 * and Clean Data in the row menu.
 */
export function testColumns(caller: TestRowCaller, h: TestRowHandlers): GridColDef<TestListRow>[] {
  const locked = ({ row }: { row: TestListRow }) => (row.isLocked ? LOCKED_CELL : '');
  const col = (c: GridColDef<TestListRow>): GridColDef<TestListRow> => ({ cellClassName: locked, ...c });
  return [
    col({
      field: 'code',
      headerName: 'Code',
      width: 120,
      renderCell: ({ row }) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {row.isLocked && (
            <Tooltip title={`Locked by ${row.lockedByName ?? 'another user'}`}>
              <LockIcon fontSize="inherit" aria-label={`Locked by ${row.lockedByName ?? 'another user'}`} />
            </Tooltip>
          )}
          {row.code}
        </Box>
      ),
    }),
    col({ field: 'name', headerName: 'Name', flex: 1, minWidth: 150 }),
    col({ field: 'providerName', headerName: 'Provider Name', width: 140 }),
    col({
      field: 'status',
      headerName: 'Status',
      width: 105,
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
      headerName: 'Difficulty Level',
      width: 100,
      valueGetter: (_v, row) => difficultyNames[row.difficultyLevel as 1 | 2 | 3] ?? '-',
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
      width: 180,
      renderCell: ({ row }) => <DateTime value={row.scheduleDate} />,
    }),
    col({
      field: 'actions',
      headerName: 'Actions',
      width: 262,
      renderCell: ({ row }) => {
        const r = testRowRules(row, caller);
        const on = (a: TestRowAction) => (h[a] ? () => h[a]?.(row) : undefined);
        return (
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Action label={`Preview ${row.code}`} rule={r.preview} onClick={on('preview')}>
              <VisibilityIcon fontSize="small" />
            </Action>
            <Action
              label={`Publish ${row.code}`}
              rule={r.publish}
              onClick={on('publish')}
              color="success.main"
            >
              <PublishIcon fontSize="small" />
            </Action>
            <Action label={`Test Details of ${row.code}`} rule={r.details} onClick={on('details')}>
              <InfoOutlinedIcon fontSize="small" />
            </Action>
            <Action label={`Assign ${row.code} to students`} rule={r.assign} onClick={on('assign')}>
              <PersonAddAltOutlinedIcon fontSize="small" />
            </Action>
            <Action
              label={`Schedule ${row.code}`}
              rule={r.schedule}
              onClick={on('schedule')}
              color={scheduleColor(row.scheduleStatus)}
            >
              <ScheduleIcon fontSize="small" />
            </Action>
            <Action label={`Analytics of ${row.code}`} rule={r.analytics} onClick={on('analytics')}>
              <AssessmentOutlinedIcon fontSize="small" />
            </Action>
            <TestRowMenu row={row} rules={r} handlers={h} />
          </Box>
        );
      },
    }),
  ];
}
