import { difficultyNames } from '@assess/contracts/questions';
import { scheduleButtonColour } from '@assess/contracts/scheduling';
import { TestStatus, testStatusName } from '@assess/contracts/tests';
import LockIcon from '@mui/icons-material/Lock';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { DateTime } from '../../components/DateTime';

/** What a row rule says about one action: enabled, or the reason it is not. */
export type RowRule = { enabled: boolean; reason: string | null };

/** The columns the tests and test series lists share (part 3 §2) read these fields of a row. */
export type CatalogueRow = GridValidRowModel & {
  code: string;
  name: string;
  providerName: string;
  status: number;
  isLocked: boolean;
  difficultyLevel: number | null;
  objective: string[];
  targetAudience: string[];
  scheduleDate: string | null;
};

// filled chips keep white text readable (AA)
const statusColor = (s: number) =>
  s === TestStatus.Draft
    ? 'default'
    : s === TestStatus.Ready
      ? 'primary'
      : s === TestStatus.Published
        ? 'success'
        : 'secondary';

/** A row's action button: disabled with the rule's reason as its tooltip when the row rules turn it off. */
export function RowAction(props: {
  label: string;
  rule: RowRule;
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

/** The lock sign of a locked row's code: its label, and whether it shows that label as a tooltip too. */
export type LockSign<R> = { label: (row: R) => string; tooltip: boolean };

/**
 * The shared columns, in the lists' order: code (with the lock sign), name, provider name, status, difficulty,
 * `afterDifficulty` (a list's own columns), objective, target audience, scheduled date, and the actions. A
 * locked row's cells carry `lockedClass` (part 3 §4 "Locked rows are shown grey").
 */
export function catalogueColumns<R extends CatalogueRow>(o: {
  lockedClass: string;
  lock: LockSign<R>;
  widths: { name: number; provider: number; status: number; difficulty: number; scheduled: number };
  difficultyHeader: string;
  afterDifficulty?: GridColDef<R>[];
  actions: { width: number; sortable?: false; render: (row: R) => ReactNode };
}): GridColDef<R>[] {
  const locked = ({ row }: { row: R }) => (row.isLocked ? o.lockedClass : '');
  const col = (c: GridColDef<R>): GridColDef<R> => ({ cellClassName: locked, ...c });
  const lockIcon = (row: R) => <LockIcon fontSize="inherit" aria-label={o.lock.label(row)} />;
  return [
    col({
      field: 'code',
      headerName: 'Code',
      width: 120,
      renderCell: ({ row }) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {row.isLocked &&
            (o.lock.tooltip ? <Tooltip title={o.lock.label(row)}>{lockIcon(row)}</Tooltip> : lockIcon(row))}
          {row.code}
        </Box>
      ),
    }),
    col({ field: 'name', headerName: 'Name', flex: 1, minWidth: o.widths.name }),
    col({ field: 'providerName', headerName: 'Provider Name', width: o.widths.provider }),
    col({
      field: 'status',
      headerName: 'Status',
      width: o.widths.status,
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
      headerName: o.difficultyHeader,
      width: o.widths.difficulty,
      valueGetter: (_v, row) => difficultyNames[row.difficultyLevel as 1 | 2 | 3] ?? '-',
    }),
    ...(o.afterDifficulty ?? []).map(col),
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
      width: o.widths.scheduled,
      renderCell: ({ row }) => <DateTime value={row.scheduleDate} />,
    }),
    col({
      field: 'actions',
      headerName: 'Actions',
      width: o.actions.width,
      ...(o.actions.sortable === false ? { sortable: false } : {}),
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>{o.actions.render(row)}</Box>
      ),
    }),
  ];
}

/** A row action button of the list: its label, its row rule, its handler, its icon and colour. */
export type RowButton = {
  label: string;
  rule: RowRule;
  onClick?: () => void;
  icon: ReactNode;
  color?: string;
};

/** The row's action buttons in order (a null entry is a button the row does not show). */
export function RowButtons({ buttons }: { buttons: (RowButton | null)[] }) {
  return buttons.map(
    (b) =>
      b && (
        <RowAction key={b.label} label={b.label} rule={b.rule} onClick={b.onClick} color={b.color}>
          {b.icon}
        </RowAction>
      ),
  );
}

/** A row button: its label, row rule, handler, icon (small) and colour. */
export const rowButton = (
  label: string,
  rule: RowRule,
  onClick: (() => void) | undefined,
  Icon: typeof PublishIcon,
  color?: string,
): RowButton => ({ label, rule, onClick, icon: <Icon fontSize="small" />, color });

/**
 * The Schedule button's colour by scheduleStatus (part 3 §4: 4 green, 5 orange, otherwise red; the rule is the
 * contracts' scheduleButtonColour): orange in its dark shade, whose contrast on white the light one lacks.
 */
export function scheduleColor(scheduleStatus: number | null | undefined) {
  const colour = scheduleButtonColour(scheduleStatus);
  return `${colour}.${colour === 'warning' ? 'dark' : 'main'}`;
}

/** The buttons both lists have: Publish (green when enabled), Assign to students, Schedule (in its scheduleColor). */
export function sharedButtons(
  code: string,
  rules: { publish: RowRule; assign: RowRule; schedule: RowRule },
  on: (action: 'publish' | 'assign' | 'schedule') => (() => void) | undefined,
  scheduleStatus: number | null | undefined,
): RowButton[] {
  return [
    rowButton(`Publish ${code}`, rules.publish, on('publish'), PublishIcon, 'success.main'),
    rowButton(`Assign ${code} to students`, rules.assign, on('assign'), PersonAddAltOutlinedIcon),
    rowButton(
      `Schedule ${code}`,
      rules.schedule,
      on('schedule'),
      ScheduleIcon,
      scheduleColor(scheduleStatus),
    ),
  ];
}
