import { describe, expect, it } from 'vitest';
import { privilegeCatalogue } from '../access/privileges';
import {
  seriesRowMessages as m,
  type SeriesRowCaller,
  type SeriesRowState,
  seriesActionIssue,
  seriesRowRules,
} from './list-rules';

const all: string[] = [...privilegeCatalogue.TestSeries].filter((n) => n !== 'PlayCourse');
const caller: SeriesRowCaller = { providerId: 1, userId: 10, privileges: { TestSeries: all } };
const row = (over: Partial<SeriesRowState> = {}): SeriesRowState => ({
  providerId: 1,
  status: 2,
  scheduleStatus: null,
  isActive: true,
  isLocked: false,
  lockedBy: null,
  isPublished: false,
  ...over,
});
const reason = (r: SeriesRowState, a: Parameters<typeof seriesActionIssue>[0], c = caller) =>
  seriesActionIssue(a, r, c);

describe('test series row rules (part 3 §4)', () => {
  it('Publish: owner and status above 1 only; not again once published', () => {
    expect(reason(row(), 'publish')).toBeNull();
    expect(reason(row({ status: 1 }), 'publish')).toBe(m.publishNeedsReady);
    expect(reason(row({ providerId: 2 }), 'publish')).toBe(m.notOwner);
    expect(reason(row({ status: 3 }), 'publish')).toBe(m.published);
    // scheduled and in progress (status reads 5 with the clock): may still be published once
    expect(reason(row({ status: 5, scheduleStatus: 5 }), 'publish')).toBeNull();
    expect(reason(row({ status: 5, scheduleStatus: 5, isPublished: true }), 'publish')).toBe(m.published);
  });
  it('Edit opens read-only when not owner, published or in progress; stays clickable', () => {
    expect(seriesRowRules(row(), caller).editReadOnly).toBe(false);
    for (const r of [
      row({ providerId: 2 }),
      row({ status: 3 }),
      row({ scheduleStatus: 5 }),
      row({ isPublished: true }),
    ]) {
      const rules = seriesRowRules(r, caller);
      expect(rules.editReadOnly).toBe(true);
      expect(rules.edit.enabled).toBe(true);
      expect(rules.uploadImage.enabled).toBe(false);
    }
  });
  it('Schedule is off when locked, inactive or Draft (also for the content curator)', () => {
    expect(reason(row(), 'schedule')).toBeNull();
    for (const r of [row({ isLocked: true, lockedBy: 10 }), row({ isActive: false }), row({ status: 1 })]) {
      expect(reason(r, 'schedule')).toBe(m.scheduleNeeds);
      expect(reason(r, 'scheduleForCurator')).toBe(m.scheduleNeeds);
    }
  });
  it('Delete: not owned, locked by someone else, or (not locked) scheduleStatus ≥ 4', () => {
    expect(reason(row({ scheduleStatus: 3 }), 'delete')).toBeNull();
    expect(reason(row({ providerId: 2 }), 'delete')).toBe(m.notOwner);
    expect(reason(row({ isLocked: true, lockedBy: 11 }), 'delete')).toBe(m.lockedByOther);
    expect(reason(row({ scheduleStatus: 4 }), 'delete')).toBe(m.scheduledNoDelete);
    expect(reason(row({ scheduleStatus: 6 }), 'delete')).toBe(m.scheduledNoDelete);
    // locked by the caller: the schedule does not block
    expect(reason(row({ isLocked: true, lockedBy: 10, scheduleStatus: 5 }), 'delete')).toBeNull();
  });
  it('Play: off when not owner and in progress; hidden (and refused) with PlayCourse', () => {
    expect(reason(row({ scheduleStatus: 5 }), 'play')).toBeNull();
    expect(reason(row({ providerId: 2, scheduleStatus: 4 }), 'play')).toBeNull();
    expect(reason(row({ providerId: 2, scheduleStatus: 5 }), 'play')).toBe(m.playInProgress);
    const withPlayCourse = { ...caller, privileges: { TestSeries: [...all, 'PlayCourse'] } };
    expect(seriesRowRules(row(), withPlayCourse).playHidden).toBe(true);
    expect(seriesRowRules(row(), caller).playHidden).toBe(false);
    expect(reason(row(), 'play', withPlayCourse)).not.toBeNull();
  });
  it('only owned rows are selectable; every action needs its privilege', () => {
    expect(seriesRowRules(row(), caller).select.enabled).toBe(true);
    expect(seriesRowRules(row({ providerId: 2 }), caller).select.enabled).toBe(false);
    const viewer = { ...caller, privileges: { TestSeries: ['ViewTestSeries'] } };
    const rules = seriesRowRules(row(), viewer);
    expect(rules.viewTests.enabled).toBe(true);
    expect(rules.delete.reason).toBe(m.noPrivilege);
    expect(rules.publish.reason).toBe(m.noPrivilege);
    expect(rules.editReadOnly).toBe(true);
  });
});
