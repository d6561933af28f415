// The quick test card's rules (part 3 §4 "Quick test card rules", §2 card colours, §6 SimplifiedTest): ONE pure
// function deciding, for a card and a caller, which menu items and icons are on and why not. The console greys
// them with it; the API refuses the same action with the same reason (apps/api/src/modules/quick-tests).
import { hasPrivilege, type PrivilegeObject } from '../access/privileges';
import { commonMessages } from '../common/errors';
import type { ActionState } from '../common/fields';
import { TestStatus, testMessages } from '../tests/common';
import type { TestRowState } from '../tests/list-rules';

/**
 * The columns of a quick test the rules read: a test's (its scheduleStatus: null never scheduled; 3 awaiting the
 * assign date, 4 Scheduled, 5 In Progress, 6 Completed).
 */
export type QuickTestCardState = TestRowState;

/** Who asks (from the session on both sides). */
export type QuickTestCardCaller = Pick<PrivilegeObject, 'privileges'> & {
  providerId: number;
  userId: number;
};

export const quickTestCardActions = [
  'edit',
  'delete',
  'cleanData',
  'view',
  'assign',
  'schedule',
  'analytics',
  'publish',
] as const;
export type QuickTestCardAction = (typeof quickTestCardActions)[number];
export type QuickTestCardRules = Record<QuickTestCardAction, ActionState>;

/** The SimplifiedTest privilege each action needs (part 3 §6). */
export const quickTestActionPrivileges: Record<QuickTestCardAction, string> = {
  edit: 'UpdateSimplifiedTest',
  delete: 'DeleteSimplifiedTest',
  cleanData: 'CleanData',
  view: 'PreviewSimplifiedTest',
  assign: 'AssignStudents',
  schedule: 'AssignSimplifiedTest',
  analytics: 'SimplifiedTestAnalytics',
  publish: 'PublishSimplifiedTest',
};

/** Why an action is off (ours: the spec gives the rule, not the words). */
export const quickTestCardMessages = {
  noPrivilege: commonMessages.forbidden,
  notOwner: testMessages.notOwner,
  lockedByOther: testMessages.locked,
  published: 'A published quick test cannot be edited.',
  inProgress: 'A quick test in progress cannot be edited.',
  scheduledNoDelete: 'A scheduled quick test cannot be deleted.',
  onlyInProgress: 'Available while the test is in progress.',
  scheduleNeeds: 'Only an active, unlocked quick test can be scheduled.',
  publishOnlyReady: testMessages.publishOnlyReady,
  comesWithAnalytics: 'Comes with test analytics.',
} as const;

/** Actions whose feature belongs to a later issue: off with a tooltip (the rule below is already the spec's). */
export const quickTestActionsComingLater: Partial<Record<QuickTestCardAction, string>> = {};

/**
 * Part 3 §4, word for word:
 * - Edit is disabled if another provider, status 3 or scheduleStatus 5.
 * - Delete is disabled if another provider, locked by someone else, or scheduleStatus ≥ 3.
 * - Clean Data and Analytics work only when scheduleStatus is 5.
 * - Schedule is disabled when locked or inactive.
 * Ours: View Test for any card the caller sees; Assign To Student and Schedule for the owner; Publish for the
 * owner, from Ready. Each action also needs its SimplifiedTest privilege; Analytics also needs the owner (ours, issue 24).
 */
export function quickTestCardRules(
  card: QuickTestCardState,
  caller: QuickTestCardCaller,
): QuickTestCardRules {
  const m = quickTestCardMessages;
  const owned = card.providerId === caller.providerId;
  const inProgress = card.scheduleStatus === 5;
  const lockedByOther = card.isLocked && card.lockedBy !== caller.userId;
  const first = (...checks: [boolean, string][]) => checks.find(([off]) => off)?.[1] ?? null;
  const rules: Record<QuickTestCardAction, string | null> = {
    edit: first(
      [!owned, m.notOwner],
      [card.status === TestStatus.Published, m.published],
      [inProgress, m.inProgress],
    ),
    delete: first(
      [!owned, m.notOwner],
      [lockedByOther, m.lockedByOther],
      [(card.scheduleStatus ?? 0) >= 3, m.scheduledNoDelete],
    ),
    cleanData: first([!owned, m.notOwner], [!inProgress, m.onlyInProgress]),
    analytics: first([!owned, m.notOwner], [!inProgress, m.onlyInProgress]),
    view: null,
    assign: first([!owned, m.notOwner]),
    schedule: first([!owned, m.notOwner], [card.isLocked || !card.isActive, m.scheduleNeeds]),
    publish: first(
      [!owned, m.notOwner],
      [lockedByOther, m.lockedByOther],
      [card.status !== TestStatus.Ready, m.publishOnlyReady],
    ),
  };
  const out = {} as QuickTestCardRules;
  for (const key of quickTestCardActions) {
    const reason = !hasPrivilege(caller, 'SimplifiedTest', quickTestActionPrivileges[key])
      ? m.noPrivilege
      : (quickTestActionsComingLater[key] ?? rules[key]);
    out[key] = { enabled: reason === null, reason };
  }
  return out;
}

/** The reason `action` is refused for this card and caller, or null when it may run (the server's check). */
export const quickTestActionIssue = (
  action: QuickTestCardAction,
  card: QuickTestCardState,
  caller: QuickTestCardCaller,
) => quickTestCardRules(card, caller)[action].reason;

/** The legend's state of a card: a schedule's state once scheduled, else the test's status. */
export type QuickTestLegendState = 'draft' | 'ready' | 'scheduled' | 'inProgress' | 'other';
export function quickTestLegendState(card: Pick<QuickTestCardState, 'status' | 'scheduleStatus'>) {
  const s = card.scheduleStatus;
  if (s === 5) return 'inProgress' as const;
  if (s === 3 || s === 4) return 'scheduled' as const;
  if (s === null && card.status === TestStatus.Draft) return 'draft' as const;
  if (s === null && card.status === TestStatus.Ready) return 'ready' as const;
  return 'other' as const;
}

/** §2: card colours by scheduleStatus 4 blue, 5 pink, 1 orange, 2 green (1 and 2: the test's status). */
export const quickTestCardColours: Record<QuickTestLegendState, string> = {
  scheduled: '#1565c0',
  inProgress: '#c2185b',
  draft: '#e65100',
  ready: '#2e7d32',
  other: '#616161',
};
export const quickTestLegend: { state: Exclude<QuickTestLegendState, 'other'>; label: string }[] = [
  { state: 'draft', label: 'Draft' },
  { state: 'ready', label: 'Ready' },
  { state: 'scheduled', label: 'Scheduled' },
  { state: 'inProgress', label: 'In-Progress' },
];

/** §2: the card's description is cut at 35 characters. */
export const cutDescription = (text: string | null, max = 35) =>
  !text ? '' : text.length > max ? `${text.slice(0, max)}...` : text;
