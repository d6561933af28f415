import { describe, expect, it } from 'vitest';
import { privilegeCatalogue } from '../access/privileges';
import { Role } from '../access/roles';
import { commonMessages } from '../common/errors';
import { testMessages } from './common';
import { copyDefaults, testCopySchema, testListQuerySchema } from './list';
import { testBulkIssue } from './list-bulk';
import {
  testRowMessages as m,
  type TestRowAction,
  type TestRowCaller,
  type TestRowState,
  testActionsComingLater,
  testRowRules,
} from './list-rules';

const ME = 10;
const OTHER_USER = 11;
const MY_PROVIDER = 5;

const allTest = { Test: [...privilegeCatalogue.Test] };
const caller = (patch: Partial<TestRowCaller> = {}): TestRowCaller => ({
  providerId: MY_PROVIDER,
  userId: ME,
  roles: [Role.ContentCurator],
  privileges: allTest,
  omrEnabled: true,
  ...patch,
});
const row = (patch: Partial<TestRowState> = {}): TestRowState => ({
  providerId: MY_PROVIDER,
  status: 1,
  scheduleStatus: null,
  isActive: false,
  isLocked: false,
  lockedBy: null,
  ...patch,
});
const reason = (action: TestRowAction, r: Partial<TestRowState> = {}, c: Partial<TestRowCaller> = {}) =>
  testRowRules(row(r), caller(c))[action].reason;

describe('testRowRules (part 3 §4 "Test list row rules")', () => {
  it('an own unlocked Draft: edit, copy, delete, lock, select on; publish, unlock, clean data off', () => {
    const r = testRowRules(row(), caller());
    for (const a of ['preview', 'details', 'edit', 'copy', 'delete', 'lock', 'select'] as const)
      expect(r[a], a).toEqual({ enabled: true, reason: null });
    expect(r.publish.reason).toBe(m.publishOnlyReady);
    expect(r.unlock.reason).toBe(m.notLocked);
    expect(r.cleanData.reason).toBe(m.onlyInProgress);
  });

  it('Edit is off if not the owner, Published (or later), scheduleStatus 5, or locked by another user', () => {
    expect(reason('edit', { providerId: 99 })).toBe(m.notOwner);
    expect(reason('edit', { status: 3 })).toBe(m.published);
    expect(reason('edit', { status: 4 })).toBe(m.published);
    expect(reason('edit', { status: 2, scheduleStatus: 5 })).toBe(m.inProgress);
    expect(reason('edit', { isLocked: true, lockedBy: OTHER_USER })).toBe(m.lockedByOther);
    expect(reason('edit', { isLocked: true, lockedBy: ME })).toBeNull();
    expect(reason('edit', { status: 2, scheduleStatus: 4 })).toBeNull();
  });

  it('Delete is off if not owned, locked by someone else, or (not locked and scheduleStatus ≥ 3)', () => {
    expect(reason('delete', { providerId: 99 })).toBe(m.notOwner);
    expect(reason('delete', { isLocked: true, lockedBy: OTHER_USER })).toBe(m.lockedByOther);
    expect(reason('delete', { scheduleStatus: 3 })).toBe(m.scheduledNoDelete);
    expect(reason('delete', { scheduleStatus: 5 })).toBe(m.scheduledNoDelete);
    expect(reason('delete', { scheduleStatus: 2 })).toBeNull();
    // locked by the caller: the schedule no longer blocks (the spec's "when not locked")
    expect(reason('delete', { scheduleStatus: 5, isLocked: true, lockedBy: ME })).toBeNull();
    // a published test that was never scheduled may be deleted
    expect(reason('delete', { status: 3 })).toBeNull();
  });

  it('Copy is off if not owned or locked (by anyone)', () => {
    expect(reason('copy', { providerId: 99 })).toBe(m.notOwner);
    expect(reason('copy', { isLocked: true, lockedBy: ME })).toBe(m.lockedNoCopy);
    expect(reason('copy', { isLocked: true, lockedBy: OTHER_USER })).toBe(m.lockedNoCopy);
    expect(reason('copy', { status: 3 })).toBeNull();
  });

  it('Clean Data only when scheduleStatus is 5, for the owner', () => {
    expect(reason('cleanData', { scheduleStatus: 4 })).toBe(m.onlyInProgress);
    expect(reason('cleanData', { scheduleStatus: 5 })).toBeNull();
    expect(reason('cleanData', { scheduleStatus: 5, providerId: 99 })).toBe(m.notOwner);
  });

  it('Assign to students: own tests only, whatever the status', () => {
    expect(reason('assign', { status: 1 })).toBeNull();
    expect(reason('assign', { status: 5, scheduleStatus: 5 })).toBeNull();
    expect(reason('assign', { providerId: 99 })).toBe(m.notOwner);
  });

  it("Schedule: off if locked, inactive or Draft, and for another provider's test (the server refuses it)", () => {
    expect(reason('schedule', { status: 2, isActive: true })).toBeNull();
    expect(reason('schedule', { status: 3, isActive: true })).toBeNull();
    expect(reason('schedule', { status: 1, isActive: true })).toBe(m.scheduleNeeds);
    expect(reason('schedule', { status: 2, isActive: false })).toBe(m.scheduleNeeds);
    expect(reason('schedule', { status: 2, isActive: true, isLocked: true, lockedBy: ME })).toBe(
      m.scheduleNeeds,
    );
    expect(reason('schedule', { status: 3, isActive: true, providerId: 99 })).toBe(m.notOwner);
  });

  it('no action waits for a later issue any more (Download Test came with OMR)', () => {
    expect(testActionsComingLater).toEqual({});
  });

  it('Download Test, Upload answers and Download OMR (issue 25): the owner, scheduleStatus 5, the package’s OMR flag', () => {
    for (const a of ['downloadTest', 'uploadAnswers', 'downloadOmr'] as const) {
      expect(reason(a, { status: 5, isActive: true, scheduleStatus: 5 }), a).toBeNull();
      expect(reason(a, { status: 4, isActive: true, scheduleStatus: 4 }), a).toBe(m.onlyInProgress);
      expect(reason(a, { status: 5, isActive: true, scheduleStatus: 5, providerId: 99 }), a).toBe(m.notOwner);
      const noOmr = testRowRules(
        row({ status: 5, isActive: true, scheduleStatus: 5 }),
        caller({ omrEnabled: false }),
      );
      expect(noOmr[a].reason, a).toBe(m.omrNotEnabled);
    }
  });

  it('Analytics (issue 24): only at scheduleStatus 5, for the owner', () => {
    expect(reason('analytics', { status: 5, isActive: true, scheduleStatus: 5 })).toBeNull();
    expect(reason('analytics', { status: 4, isActive: true, scheduleStatus: 4 })).toBe(m.onlyInProgress);
    expect(reason('analytics', { status: 5, isActive: true, scheduleStatus: 5, providerId: 99 })).toBe(
      m.notOwner,
    );
  });

  it('Publish: the owner, from Ready only, not while another user holds the lock', () => {
    expect(reason('publish', { status: 2 })).toBeNull();
    expect(reason('publish', { status: 1 })).toBe(m.publishOnlyReady);
    expect(reason('publish', { status: 3 })).toBe(m.published);
    expect(reason('publish', { status: 2, providerId: 99 })).toBe(m.notOwner);
    expect(reason('publish', { status: 2, isLocked: true, lockedBy: OTHER_USER })).toBe(m.lockedByOther);
  });

  it('Lock and unlock: only the locker or a Super User of the owning provider unlocks', () => {
    expect(reason('lock', { isLocked: true, lockedBy: ME })).toBe(m.alreadyLocked);
    expect(reason('lock', { isLocked: true, lockedBy: OTHER_USER })).toBe(m.lockedByOther);
    expect(reason('lock', { providerId: 99 })).toBe(m.notOwner);
    expect(reason('unlock', { isLocked: true, lockedBy: ME })).toBeNull();
    expect(reason('unlock', { isLocked: true, lockedBy: OTHER_USER })).toBe(m.unlockNotAllowed);
    expect(
      reason('unlock', { isLocked: true, lockedBy: OTHER_USER }, { roles: [Role.SuperUser] }),
    ).toBeNull();
    expect(
      reason('unlock', { isLocked: true, lockedBy: OTHER_USER }, { roles: [Role.SuperUserSimplifiedTest] }),
    ).toBeNull();
    // a super user of another provider is not the owner's
    expect(
      reason('unlock', { isLocked: true, lockedBy: OTHER_USER, providerId: 99 }, { roles: [Role.SuperUser] }),
    ).toBe(m.notOwner);
  });

  it('Rows are selectable only if status < 3, scheduleStatus ≠ 5, owned (and not locked by another user)', () => {
    expect(reason('select', { status: 1 })).toBeNull();
    expect(reason('select', { status: 2, scheduleStatus: 4 })).toBeNull();
    expect(reason('select', { status: 3 })).toBe(m.notSelectable);
    expect(reason('select', { status: 2, scheduleStatus: 5 })).toBe(m.notSelectable);
    expect(reason('select', { providerId: 99 })).toBe(m.notSelectable);
    expect(reason('select', { isLocked: true, lockedBy: OTHER_USER })).toBe(m.lockedByOther);
    expect(reason('select', { isLocked: true, lockedBy: ME })).toBeNull();
  });

  it('every action needs its privilege', () => {
    const none = testRowRules(row({ status: 2 }), caller({ privileges: { Test: ['ViewTest'] } }));
    expect(none.details.enabled).toBe(true);
    for (const a of ['edit', 'copy', 'delete', 'publish', 'preview', 'lock', 'select', 'cleanData'] as const)
      expect(none[a].reason, a).toBe(commonMessages.forbidden);
  });

  it('the shared messages are the ones the editor refuses with', () => {
    expect(m.notOwner).toBe(testMessages.notOwner);
    expect(m.lockedByOther).toBe(testMessages.locked);
    expect(m.published).toBe(testMessages.published);
  });
});

describe('bulk update checks (part 3 §5, §8)', () => {
  const ids = [1, 2];
  it('field, tests, values, then the refused statuses, each with the spec message', () => {
    expect(testBulkIssue({ field: '', value: 1, testIds: ids })).toBe(testMessages.bulkNoField);
    expect(testBulkIssue({ field: 'none', testIds: ids })).toBe(testMessages.bulkNotConfigured);
    expect(testBulkIssue({ field: 'code', value: 'X', testIds: ids })).toBe(testMessages.bulkCode);
    expect(testBulkIssue({ field: 'status', value: 2, testIds: [] })).toBe(testMessages.bulkNoTests);
    expect(testBulkIssue({ field: 'status', value: null, testIds: ids })).toBe(testMessages.bulkNoValue);
    expect(testBulkIssue({ field: 'status', value: 3, testIds: ids })).toBe(
      'Cannot update status as Published',
    );
    expect(testBulkIssue({ field: 'status', value: 4, testIds: ids })).toBe(
      'Cannot update status as Scheduled',
    );
    expect(testBulkIssue({ field: 'status', value: 5, testIds: ids })).toBe(
      'Cannot update status as In-Progress ',
    );
    expect(testBulkIssue({ field: 'status', value: 2, testIds: ids })).toBeNull();
    expect(testBulkIssue({ field: 'showHint', value: 2, testIds: ids })).toBeNull();
    expect(testBulkIssue({ field: 'objective', value: [3], testIds: ids })).toBeNull();
  });
});

describe('copy and list inputs', () => {
  it('copy: code ≤ 20, code and name required, defaults are old values + -Copy', () => {
    expect(copyDefaults({ code: 'T1', name: 'Physics' })).toEqual({ code: 'T1-Copy', name: 'Physics-Copy' });
    expect(testCopySchema.safeParse({ code: 'A'.repeat(20), name: 'N' }).success).toBe(true);
    expect(testCopySchema.safeParse({ code: 'A'.repeat(21), name: 'N' }).success).toBe(false);
    expect(testCopySchema.safeParse({ code: '  ', name: 'N' }).success).toBe(false);
    expect(testCopySchema.safeParse({ code: 'C', name: '' }).success).toBe(false);
  });

  it('list: page sizes 10/30/50/70/100 (default 10), flags as 1 no / 2 yes', () => {
    expect(testListQuerySchema.parse({})).toMatchObject({ pageNumber: 1, pageSize: 10, contentFilter: 0 });
    expect(testListQuerySchema.safeParse({ pageSize: '20' }).success).toBe(false);
    expect(testListQuerySchema.parse({ showHint: '2', code: ' ' })).toMatchObject({
      showHint: 2,
      code: undefined,
    });
    expect(testListQuerySchema.safeParse({ showHint: '3' }).success).toBe(false);
  });
});
