// The tests list's row rules (part 3 §4 "Test list row rules", §6): ONE pure function that decides, for a row
// and a caller, which actions are enabled and why not. The console greys its buttons with it; the API refuses
// the same action with the same reason (apps/api/src/modules/tests/test-list*.service.ts).
import { omrNotEnabledMessage } from '../access/licences';
import { hasPrivilege, type PrivilegeObject } from '../access/privileges';
import { Role } from '../access/roles';
import { commonMessages } from '../common/errors';
import type { ActionState } from '../common/fields';
import { TestStatus, testMessages } from './common';

/** The columns of a test the rules read (a series' row and a quick test's card read the same). */
export type TestRowState = {
  providerId: number;
  status: number;
  /** null: never scheduled. 4 Scheduled, 5 In Progress (part 3 §4 scheduleStatus). */
  scheduleStatus: number | null;
  isActive: boolean;
  isLocked: boolean;
  lockedBy: number | null;
};

/** Who asks: from the session on both sides (never from a request). */
export type TestRowCaller = Pick<PrivilegeObject, 'privileges'> & {
  providerId: number;
  userId: number;
  /** Role ids of the caller (a Super User of the owning provider may unlock anyone's lock). */
  roles: readonly number[];
  /** The package's OMR-enabled flag. */
  omrEnabled: boolean;
};

/** Row actions (buttons) and menu items of the tests list (part 3 §2), plus lock/unlock and bulk selection. */
export const testRowActionKeys = [
  'preview',
  'publish',
  'details',
  'assign',
  'schedule',
  'analytics',
  'edit',
  'copy',
  'delete',
  'downloadTest',
  'uploadAnswers',
  'downloadOmr',
  'cleanData',
  'lock',
  'unlock',
  'select',
] as const;
export type TestRowAction = (typeof testRowActionKeys)[number];
export type TestRowRules = Record<TestRowAction, ActionState>;

/** The privilege each action needs (part 3 §6). */
export const testActionPrivileges: Record<TestRowAction, readonly string[]> = {
  preview: ['PreviewTest'],
  publish: ['PublishTest'],
  details: ['ViewTest'],
  assign: ['AssignStudents'],
  schedule: ['AssignTest', 'AssignTestForContentCurator'],
  analytics: ['TestAnalytics'],
  edit: ['UpdateTest'],
  copy: ['CopyTest'],
  delete: ['DeleteTest'],
  downloadTest: ['DownloadTest'],
  uploadAnswers: ['UploadAnswerSheets'],
  downloadOmr: ['DownloadOMR'],
  cleanData: ['CleanData'],
  lock: ['UpdateTest'],
  unlock: ['UpdateTest'],
  select: ['UpdateTest'],
};

/** Why an action is off (ours where the spec gives no text; the owner / lock / published ones are shared). */
export const testRowMessages = {
  noPrivilege: commonMessages.forbidden,
  notOwner: testMessages.notOwner,
  lockedByOther: testMessages.locked,
  published: testMessages.published,
  publishOnlyReady: testMessages.publishOnlyReady,
  unlockNotAllowed: testMessages.unlockNotAllowed,
  omrNotEnabled: omrNotEnabledMessage,
  inProgress: 'A test in progress cannot be changed.',
  lockedNoCopy: 'A locked test cannot be copied. Unlock it first.',
  scheduledNoDelete: 'A scheduled test cannot be deleted.',
  onlyInProgress: 'Available while the test is in progress.',
  scheduleNeeds: 'Only an active, unlocked test that is not a Draft can be scheduled.',
  alreadyLocked: 'This test is already locked.',
  notLocked: 'This test is not locked.',
  notSelectable: 'Only your own Draft or Ready tests that are not in progress can be updated in bulk.',
  inSeries: 'This test is part of a test series and cannot be deleted. Remove it from the series first.',
  comesWithAnalytics: 'Comes with test analytics.',
} as const;

/**
 * Actions whose feature belongs to a later issue: off, with a tooltip saying which. The issue that builds one
 * removes its entry here (its rule below is already the spec's).
 */
export const testActionsComingLater: Partial<Record<TestRowAction, string>> = {};

const { Draft, Ready, Published, InProgress } = TestStatus;
/** Published and every later status (Scheduled, In Progress, Completed, Terminated): content frozen. */
export const isTestPublishedOrLater = (status: number) => status !== Draft && status !== Ready;
export const isLockedByOther = (row: Pick<TestRowState, 'isLocked' | 'lockedBy'>, userId: number) =>
  row.isLocked && row.lockedBy !== userId;
const isSuperUser = (c: Pick<TestRowCaller, 'roles'>) =>
  c.roles.includes(Role.SuperUser) || c.roles.includes(Role.SuperUserSimplifiedTest);

/**
 * Part 3 §4 "Test list row rules", word for word where the spec gives one:
 * - Schedule: off if locked, inactive or Draft.
 * - Edit: off if not the owner, Published (or later), scheduleStatus 5; also while another user holds the lock.
 * - Delete: off if not owned, locked by someone else, or (not locked and scheduleStatus ≥ 3).
 * - Copy: off if not owned or locked.
 * - Analytics and Clean Data: only when scheduleStatus is 5 (and, ours, for the owner); Download Test, Upload answers and Download OMR also
 *   need the package's OMR flag.
 * - Publish: the owner, from Ready only. Preview and details: any test the caller sees.
 * - Lock: the owner, when unlocked. Unlock: the locker, or a Super User of the owning provider.
 * - Select (bulk update): status below 3, scheduleStatus not 5, owned; and not locked by another user (a
 *   bulk update changes the test, and another user's lock blocks changes).
 * Each action also needs its privilege (testActionPrivileges); actions of later issues stay off.
 */
export function testRowRules(row: TestRowState, caller: TestRowCaller): TestRowRules {
  const owned = row.providerId === caller.providerId;
  const lockedByOther = isLockedByOther(row, caller.userId);
  const inProgress = row.scheduleStatus === InProgress;
  const first = (...checks: [boolean, string][]): string | null => checks.find(([off]) => off)?.[1] ?? null;
  const m = testRowMessages;

  const rules: Record<TestRowAction, string | null> = {
    preview: null,
    details: null,
    publish: first(
      [!owned, m.notOwner],
      [lockedByOther, m.lockedByOther],
      [row.status === Published, m.published],
      [row.status !== Ready, m.publishOnlyReady],
    ),
    // Students are assigned to own tests only (the tenant boundary; apps/api/src/modules/assignment)
    assign: first([!owned, m.notOwner]),
    schedule: first(
      [!owned, m.notOwner],
      [row.isLocked || !row.isActive || row.status === Draft, m.scheduleNeeds],
    ),
    // ours: analytics read the owner's students' attempts, so another provider's test has none to show (issue 24)
    analytics: first([!owned, m.notOwner], [!inProgress, m.onlyInProgress]),
    edit: first(
      [!owned, m.notOwner],
      [isTestPublishedOrLater(row.status), m.published],
      [inProgress, m.inProgress],
      [lockedByOther, m.lockedByOther],
    ),
    copy: first([!owned, m.notOwner], [row.isLocked, m.lockedNoCopy]),
    delete: first(
      [!owned, m.notOwner],
      [lockedByOther, m.lockedByOther],
      [!row.isLocked && (row.scheduleStatus ?? 0) >= 3, m.scheduledNoDelete],
    ),
    // OMR (issue 25): paper forms and paper attempts of the owner's tests only (the tenant boundary)
    downloadTest: first(
      [!owned, m.notOwner],
      [!inProgress, m.onlyInProgress],
      [!caller.omrEnabled, m.omrNotEnabled],
    ),
    uploadAnswers: first(
      [!owned, m.notOwner],
      [!inProgress, m.onlyInProgress],
      [!caller.omrEnabled, m.omrNotEnabled],
    ),
    downloadOmr: first(
      [!owned, m.notOwner],
      [!inProgress, m.onlyInProgress],
      [!caller.omrEnabled, m.omrNotEnabled],
    ),
    cleanData: first([!owned, m.notOwner], [!inProgress, m.onlyInProgress]),
    lock: first([!owned, m.notOwner], [row.isLocked, lockedByOther ? m.lockedByOther : m.alreadyLocked]),
    unlock: first(
      [!owned, m.notOwner],
      [!row.isLocked, m.notLocked],
      [lockedByOther && !isSuperUser(caller), m.unlockNotAllowed],
    ),
    select: first(
      [!owned, m.notSelectable],
      [row.status >= Published, m.notSelectable],
      [inProgress, m.notSelectable],
      [lockedByOther, m.lockedByOther],
    ),
  };

  const out = {} as TestRowRules;
  for (const key of testRowActionKeys) {
    const allowed = testActionPrivileges[key].some((name) => hasPrivilege(caller, 'Test', name));
    const later = testActionsComingLater[key];
    const reason = !allowed ? m.noPrivilege : (later ?? rules[key]);
    out[key] = { enabled: reason === null, reason };
  }
  return out;
}

/** The reason `action` is refused for this row and caller, or null when it may run (the server's check). */
export const testActionIssue = (action: TestRowAction, row: TestRowState, caller: TestRowCaller) =>
  testRowRules(row, caller)[action].reason;
