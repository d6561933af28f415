import { describe, expect, it } from 'vitest';
import { privilegeCatalogue } from '../access/privileges';
import {
  asTestCaller,
  cutDescription,
  hasTestPrivilege,
  quickTestMessages as m,
  newQuickTestForm,
  orSimplifiedTest,
  type QuickTestCardCaller,
  quickTestCardRules,
  quickTestFormSchema,
  quickTestLegendState,
} from '.';

const caller: QuickTestCardCaller = {
  providerId: 7,
  userId: 70,
  privileges: { SimplifiedTest: [...privilegeCatalogue.SimplifiedTest] },
};
const card = (patch: Partial<Parameters<typeof quickTestCardRules>[0]> = {}) => ({
  providerId: 7,
  status: 2,
  scheduleStatus: null as number | null,
  isActive: true,
  isLocked: false,
  lockedBy: null as number | null,
  ...patch,
});
const off = (patch: Parameters<typeof card>[0], action: keyof ReturnType<typeof quickTestCardRules>) =>
  !quickTestCardRules(card(patch), caller)[action].enabled;

describe('quick test card rules (part 3 §4)', () => {
  it('Edit: off for another provider, status 3, scheduleStatus 5', () => {
    expect(off({}, 'edit')).toBe(false);
    expect(off({ providerId: 8 }, 'edit')).toBe(true);
    expect(off({ status: 3 }, 'edit')).toBe(true);
    expect(off({ scheduleStatus: 5 }, 'edit')).toBe(true);
    expect(off({ status: 4, scheduleStatus: 4 }, 'edit')).toBe(false);
  });
  it('Delete: off for another provider, locked by someone else, scheduleStatus ≥ 3', () => {
    expect(off({}, 'delete')).toBe(false);
    expect(off({ providerId: 8 }, 'delete')).toBe(true);
    expect(off({ isLocked: true, lockedBy: 71 }, 'delete')).toBe(true);
    expect(off({ isLocked: true, lockedBy: 70 }, 'delete')).toBe(false);
    expect(off({ scheduleStatus: 3 }, 'delete')).toBe(true);
  });
  it('Clean Data and Analytics only at scheduleStatus 5 (analytics: the owner only, issue 24)', () => {
    expect(off({ scheduleStatus: 4 }, 'cleanData')).toBe(true);
    expect(off({ scheduleStatus: 5 }, 'cleanData')).toBe(false);
    expect(off({ scheduleStatus: 4 }, 'analytics')).toBe(true);
    expect(off({ scheduleStatus: 5 }, 'analytics')).toBe(false);
    expect(off({ scheduleStatus: 5, providerId: 8 }, 'analytics')).toBe(true);
  });
  it('Schedule: off when locked or inactive; every action needs its privilege', () => {
    expect(off({ isLocked: true, lockedBy: 70 }, 'schedule')).toBe(true);
    expect(off({ isActive: false }, 'schedule')).toBe(true);
    expect(off({}, 'schedule')).toBe(false);
    const none = quickTestCardRules(card(), { ...caller, privileges: {} });
    expect(Object.values(none).every((r) => !r.enabled)).toBe(true);
  });
  it('legend state and colours follow scheduleStatus, then status', () => {
    expect(quickTestLegendState({ status: 1, scheduleStatus: null })).toBe('draft');
    expect(quickTestLegendState({ status: 2, scheduleStatus: null })).toBe('ready');
    expect(quickTestLegendState({ status: 2, scheduleStatus: 3 })).toBe('scheduled');
    expect(quickTestLegendState({ status: 4, scheduleStatus: 4 })).toBe('scheduled');
    expect(quickTestLegendState({ status: 5, scheduleStatus: 5 })).toBe('inProgress');
  });
  it('cuts the description at 35 characters', () => {
    expect(cutDescription('x'.repeat(35))).toBe('x'.repeat(35));
    expect(cutDescription('y'.repeat(36))).toBe(`${'y'.repeat(35)}...`);
    expect(cutDescription(null)).toBe('');
  });
});

describe('quick test form (part 3 §5) and the SimplifiedTest equivalence', () => {
  const ok = { ...newQuickTestForm, testName: 'Weekly check', passingScore: 3 };
  it('accepts a valid form and fills the payload defaults', () => {
    const v = quickTestFormSchema.parse({ ...ok, passFeedback: '', welcomeMessage: null });
    expect(v).toMatchObject({ passFeedback: 'Passed', failFeedback: 'Failed', welcomeMessage: 'Welcome' });
  });
  it.each([
    [{ testName: 'Abcd' }, m.nameLength],
    [{ passingScore: 0 }, m.passingScore],
    [{ duration: 361 }, m.durationRange],
    [{ duration: 0 }, m.durationRange],
    [{ pointsPerQuestion: 0 }, m.pointsPerQuestion],
    [{ negativePointsPerQuestion: 0.25 }, m.negativePoints],
  ])('refuses %o with its message', (patch, message) => {
    const r = quickTestFormSchema.safeParse({ ...ok, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });
  it('negative points of zero are allowed', () => {
    expect(quickTestFormSchema.safeParse({ ...ok, negativePointsPerQuestion: 0 }).success).toBe(true);
  });
  it('maps Test privileges to their SimplifiedTest equivalents', () => {
    expect(orSimplifiedTest(['Test', 'UpdateTest'])).toEqual([
      ['Test', 'UpdateTest'],
      ['SimplifiedTest', 'UpdateSimplifiedTest'],
    ]);
    expect(hasTestPrivilege(caller, 'AssignTest')).toBe(true);
    expect(hasTestPrivilege(caller, 'CopyTest')).toBe(false);
    expect(asTestCaller(caller).privileges.Test).toContain('DeleteTest');
  });
});
