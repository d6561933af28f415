import { describe, expect, it } from 'vitest';
import {
  addSeriesTestsSchema,
  seriesEditorMessages as m,
  newSeriesValues,
  seriesFormSchema,
  seriesReadOnlyReason,
  seriesUpdateSchema,
} from './editor';

const valid = { ...newSeriesValues(), code: 'SER-1', name: 'Series one' };
const issues = (v: unknown) => {
  const r = seriesFormSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('series editor schema (part 3 §5 "Test series editor")', () => {
  it('the code is trimmed, 3 to 20 characters', () => {
    expect(seriesFormSchema.parse({ ...valid, code: '  ABC  ' }).code).toBe('ABC');
    expect(issues({ ...valid, code: ' AB ' })).toEqual([`code: ${m.codeLength}`]);
    expect(issues({ ...valid, code: 'X'.repeat(20) })).toEqual([]);
    expect(issues({ ...valid, code: 'X'.repeat(21) })).toEqual([`code: ${m.codeLength}`]);
  });

  it('the name has at least 3 characters', () => {
    expect(issues({ ...valid, name: 'AB' })).toEqual([`name: ${m.nameLength}`]);
    expect(issues({ ...valid, name: 'ABC' })).toEqual([]);
  });

  it('duration in whole days, price in rupees with at most 2 decimals', () => {
    expect(issues({ ...valid, duration: 0 })).toEqual([`duration: ${m.duration}`]);
    expect(issues({ ...valid, duration: 1.5 })).toEqual([`duration: ${m.duration}`]);
    expect(issues({ ...valid, duration: 30, price: 499.99 })).toEqual([]);
    expect(issues({ ...valid, price: -1 })).toEqual([`price: ${m.price}`]);
    expect(issues({ ...valid, price: 1.234 })).toEqual([`price: ${m.price}`]);
  });

  it('difficulty 1 to 3; expiry a date; empty lists stored as null', () => {
    expect(issues({ ...valid, difficultyLevel: 4 })).toEqual([`difficultyLevel: ${m.difficulty}`]);
    expect(issues({ ...valid, expiryDate: '31-12-2099' })).toContain(`expiryDate: ${m.invalidDate}`);
    const parsed = seriesFormSchema.parse({ ...valid, topicIds: [], objective: [3, 3], description: '  ' });
    expect(parsed).toMatchObject({ topicIds: null, objective: [3], description: null });
  });

  it('defaults: Medium, expiry 2099-12-31, not dynamic', () => {
    expect(newSeriesValues()).toMatchObject({
      difficultyLevel: 2,
      expiryDate: '2099-12-31',
      isDynamic: false,
    });
  });

  it("adding tests needs at least one: 'Please select test(s)'", () => {
    const r = addSeriesTestsSchema.safeParse({ testIds: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Please select test(s)');
    expect(addSeriesTestsSchema.parse({ testIds: [1] }).testSubscriptionStatus).toBe(1);
    expect(addSeriesTestsSchema.safeParse({ testIds: [1], testSubscriptionStatus: 3 }).success).toBe(false);
  });

  it('an update names the version it read', () => {
    expect(seriesUpdateSchema.safeParse({ ...valid, draft: true }).success).toBe(false);
    expect(seriesUpdateSchema.safeParse({ ...valid, draft: true, version: 1 }).success).toBe(true);
  });
});

describe('read-only rule (§4 "Edit opens read-only")', () => {
  const own = { providerId: 1, status: 2, scheduleStatus: null, isLocked: false, lockedBy: null };
  const me = { providerId: 1, userId: 10 };
  it('not owner, published, in progress or locked by another user', () => {
    expect(seriesReadOnlyReason(own, me)).toBeNull();
    expect(seriesReadOnlyReason({ ...own, providerId: 2 }, me)).toBe(m.notOwner);
    expect(seriesReadOnlyReason({ ...own, status: 3 }, me)).toBe(m.published);
    expect(seriesReadOnlyReason({ ...own, scheduleStatus: 5 }, me)).toBe(m.inProgress);
    expect(seriesReadOnlyReason({ ...own, scheduleStatus: 4 }, me)).toBeNull();
    expect(seriesReadOnlyReason({ ...own, isLocked: true, lockedBy: 11 }, me)).toBe(m.locked);
    expect(seriesReadOnlyReason({ ...own, isLocked: true, lockedBy: 10 }, me)).toBeNull();
  });
});
