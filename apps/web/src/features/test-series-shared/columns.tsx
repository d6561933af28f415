import { difficultyNames } from '@assess/contracts/questions';
import { scheduleButtonColour } from '@assess/contracts/scheduling';
import LockIcon from '@mui/icons-material/Lock';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { DateTime } from '../../components/DateTime';
import { IconAction } from '../../components/IconAction';
import { RowMenu, type RowMenuItem } from './RowMenu';
import { TestStatusChip } from './TestStatusChip';

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
    <IconAction
      label={label}
      tooltip={rule.reason ?? label}
      disabled={!rule.enabled}
      onClick={onClick}
      sx={color && rule.enabled ? { color } : undefined}
    >
      {children}
    </IconAction>
  );
}

const joined = (names: string[]) => (names.length ? names.join(', ') : '-');

/** The lock sign of a locked row's code: its label, and whether it shows that label as a tooltip too. */
export type LockSign<R> = { label: (row: R) => string; tooltip: boolean };

/** A list's grid: its columns, the class of a locked row's cells, a row's id, and whether the row rules let a row be ticked. */
export type CatalogueGridColumns<R extends CatalogueRow> = {
  columns: GridColDef<R>[];
  lockedClass: string;
  getRowId: (row: R) => GridRowId;
  isRowSelectable: (row: R) => boolean;
};

/**
 * The shared columns, in the lists' order: code (with the lock sign), name, provider name, status, difficulty,
 * `afterDifficulty` (a list's own columns), objective, target audience, scheduled date, and the actions. A
 * locked row's cells carry `lockedClass` (part 3 §4 "Locked rows are shown grey"). The actions follow the row
 * rules: a button or menu item they turn off is disabled with the rule's reason.
 */
export function catalogueColumns<
  R extends CatalogueRow,
  A extends string,
  Rules extends Record<A, RowRule>,
>(o: {
  lockedClass: string;
  lock: LockSign<R>;
  widths: { name: number; provider: number; status: number; difficulty: number; scheduled: number };
  difficultyHeader: string;
  afterDifficulty?: GridColDef<R>[];
  rowId: (row: R) => GridRowId;
  /** The row rules (the server's own check); their `select` says whether a row may be ticked. */
  rules: (row: R) => Rules & { select: RowRule };
  handlers: Partial<Record<A, (row: R) => void>>;
  /** The actions column: its width, the row's buttons and the items of its menu. */
  actions: {
    width: number;
    sortable?: false;
    buttons: (row: R, rules: Rules, on: (action: A) => (() => void) | undefined) => (RowButton | null)[];
    menu: (row: R) => RowMenuItem<A>[];
  };
}): CatalogueGridColumns<R> {
  const h = o.handlers;
  const renderActions = (row: R) => {
    const rules = o.rules(row);
    const on = (a: A) => (h[a] ? () => h[a]?.(row) : undefined);
    return (
      <>
        <RowButtons buttons={o.actions.buttons(row, rules, on)} />
        <RowMenu row={row} items={o.actions.menu(row)} rules={rules} handlers={h} />
      </>
    );
  };
  const locked = ({ row }: { row: R }) => (row.isLocked ? o.lockedClass : '');
  const col = (c: GridColDef<R>): GridColDef<R> => ({ cellClassName: locked, ...c });
  const lockIcon = (row: R) => <LockIcon fontSize="inherit" aria-label={o.lock.label(row)} />;
  const columns = [
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
      renderCell: ({ row }) => <TestStatusChip status={row.status} />,
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
      // the whole title (120 px cut it to 'Target Audien…')
      width: 145,
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
      renderCell: ({ row }) => <Box sx={{ display: 'flex', alignItems: 'center' }}>{renderActions(row)}</Box>,
    }),
  ];
  const isRowSelectable = (row: R) => o.rules(row).select.enabled;
  return { columns, lockedClass: o.lockedClass, getRowId: o.rowId, isRowSelectable };
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
