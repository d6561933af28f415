// The test series list's row rules (part 3 §4 "Test series row rules", §6 TestSeries group): ONE pure function
// that decides, for a row and a caller, which actions are enabled and why not. The console greys its buttons
// with it; the API refuses the same action with the same reason (apps/api/src/modules/series/series-list.service.ts).
import { hasPrivilege, type PrivilegeObject } from '../access/privileges';
import { commonMessages } from '../common/errors';
import type { ActionState } from '../common/fields';
import { TestStatus } from '../tests/common';
import type { TestRowState } from '../tests/list-rules';
import { seriesEditorMessages, seriesReadOnlyReason } from './editor';

/** The columns of a series the rules read: a test's (scheduleStatus computed on read), and more. */
export type SeriesRowState = TestRowState & {
  /** Published once (publishedDate set): the status then moves on with the schedule (4, 5, 6). */
  isPublished: boolean;
};

/** Who asks: from the session on both sides (never from a request). */
export type SeriesRowCaller = Pick<PrivilegeObject, 'privileges'> & { providerId: number; userId: number };

/** Row actions of the test series list (part 3 §2), plus bulk selection. */
export const seriesRowActionKeys = [
  'play',
  'edit',
  'uploadImage',
  'viewTests',
  'publish',
  'assign',
  'schedule',
  'scheduleForCurator',
  'delete',
  'cleanData',
  'select',
] as const;
export type SeriesRowAction = (typeof seriesRowActionKeys)[number];
export type SeriesRowRules = Record<SeriesRowAction, ActionState> & {
  /** Play is hidden (not only disabled) when the caller holds PlayCourse (§4). */
  playHidden: boolean;
  /** Edit opens the editor read-only (§4 isDisabled); Edit itself stays available to view the series. */
  editReadOnly: boolean;
};

/** The privilege each action needs (part 3 §6 TestSeries group); any one of the list is enough. */
export const seriesActionPrivileges: Record<SeriesRowAction, readonly string[]> = {
  play: ['PreviewTestSeries'],
  edit: ['ViewTestSeries'],
  uploadImage: ['UpdateTestSeries'],
  viewTests: ['ViewTestSeries'],
  publish: ['PublishTestSeries'],
  assign: ['AssignStudents'],
  schedule: ['AssignTestSeries'],
  scheduleForCurator: ['AssignTestSeriesForContentCurator'],
  delete: ['DeleteTestSeries'],
  cleanData: ['DeleteTestSeries'],
  select: ['UpdateTestSeries'],
};

/** Why an action is off (ours: the spec names the rules but gives no text for them). */
export const seriesRowMessages = {
  noPrivilege: commonMessages.forbidden,
  notOwner: seriesEditorMessages.notOwner,
  lockedByOther: seriesEditorMessages.locked,
  published: seriesEditorMessages.published,
  publishNeedsReady: 'A Draft test series cannot be published.',
  playInProgress: 'Only the owner can play a test series in progress.',
  scheduleNeeds: 'Only an active, unlocked test series that is not a Draft can be scheduled.',
  scheduledNoDelete: 'A scheduled test series cannot be deleted.',
  notSelectable: 'Only your own test series can be selected.',
} as const;

const { Draft, Published, Scheduled, InProgress } = TestStatus;

/**
 * Part 3 §4 "Test series row rules":
 * - Publish: the owning provider, status above 1, not yet published (a scheduled Ready series, whose status
 *   reads 4/5/6 with the clock, may still be published once).
 * - Edit: read-only (isDisabled) if not the owner, Published (or later), or scheduleStatus 5 (and while another
 *   user holds the lock): the editor's seriesReadOnlyReason.
 * - Schedule (and for the content curator): off if locked, inactive or Draft.
 * - Delete: off if not owned, locked by someone other than the caller, or (not locked) scheduleStatus ≥ 4.
 * - Play: off when not the owner and scheduleStatus 5; hidden when PlayCourse is present.
 * - Select: only rows owned by the caller's provider.
 * Ours where the spec is silent: Upload resourceImage follows Edit (owner, not published / in progress);
 * Clean data needs the owner (it removes learners' attempts); Assign and View Tests are open to every row.
 * Each action also needs its privilege (seriesActionPrivileges).
 */
export function seriesRowRules(row: SeriesRowState, caller: SeriesRowCaller): SeriesRowRules {
  const owned = row.providerId === caller.providerId;
  const lockedByOther = row.isLocked && row.lockedBy !== caller.userId;
  const inProgress = row.scheduleStatus === InProgress;
  const first = (...checks: [boolean, string][]): string | null => checks.find(([off]) => off)?.[1] ?? null;
  const m = seriesRowMessages;
  // Edit's read-only rule is the editor's (the server's update refuses with the same reason)
  const editIssue =
    seriesReadOnlyReason(row, caller) ?? (row.isPublished ? seriesEditorMessages.published : null);
  const scheduleIssue = first([row.isLocked || !row.isActive || row.status === Draft, m.scheduleNeeds]);

  const rules: Record<SeriesRowAction, string | null> = {
    play: first([!owned && inProgress, m.playInProgress]),
    edit: null,
    uploadImage: editIssue,
    viewTests: null,
    publish: first(
      [!owned, m.notOwner],
      [row.status <= Draft, m.publishNeedsReady],
      [row.isPublished || row.status === Published, m.published],
    ),
    assign: null,
    schedule: scheduleIssue,
    scheduleForCurator: scheduleIssue,
    delete: first(
      [!owned, m.notOwner],
      [lockedByOther, m.lockedByOther],
      [!row.isLocked && (row.scheduleStatus ?? 0) >= Scheduled, m.scheduledNoDelete],
    ),
    cleanData: first([!owned, m.notOwner]),
    select: first([!owned, m.notSelectable]),
  };

  const out = {} as SeriesRowRules;
  for (const key of seriesRowActionKeys) {
    const allowed = seriesActionPrivileges[key].some((name) => hasPrivilege(caller, 'TestSeries', name));
    const reason = !allowed ? m.noPrivilege : rules[key];
    out[key] = { enabled: reason === null, reason };
  }
  out.playHidden = hasPrivilege(caller, 'TestSeries', 'PlayCourse');
  out.editReadOnly = editIssue !== null || !hasPrivilege(caller, 'TestSeries', 'UpdateTestSeries');
  return out;
}

/** The reason `action` is refused for this row and caller, or null when it may run (the server's check). */
export const seriesActionIssue = (action: SeriesRowAction, row: SeriesRowState, caller: SeriesRowCaller) => {
  const rules = seriesRowRules(row, caller);
  if (action === 'play' && rules.playHidden) return seriesRowMessages.noPrivilege;
  return rules[action].reason;
};
