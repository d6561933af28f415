import { describe, expect, it } from 'vitest';
import { testMessages } from './common';
import {
  lockedConfigurationFields,
  testEditorMessages as m,
  newTestConfiguration,
  testCreateSchema,
  testEditorFormSchema,
  testUpdateSchema,
} from './editor';

const form = (extra: Record<string, unknown> = {}) => ({
  code: 'T-1',
  name: 'A test',
  ...newTestConfiguration,
  ...extra,
});
const errorsOf = (extra: Record<string, unknown>) => {
  const r = testEditorFormSchema.safeParse(form(extra));
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('test editor schema (one schema for the form and the route)', () => {
  it('accepts a new test with the spec defaults (duration 180, 1 attempt, 1 per page, expiry 2099-12-31)', () => {
    const v = testEditorFormSchema.parse(form());
    expect(v).toMatchObject({
      duration: 180,
      attemptsAllowed: 1,
      questionsPerPage: 1,
      expiryDate: '2099-12-31',
      negativePointsPerQuestion: 0,
      difficultyLevel: 2,
    });
  });

  it('code and name: trimmed, 3 characters at least', () => {
    expect(testCreateSchema.parse({ code: '  AB1 ', name: ' Name ' })).toMatchObject({
      code: 'AB1',
      name: 'Name',
    });
    expect(errorsOf({ code: 'AB' })).toEqual({ code: m.codeLength });
    expect(errorsOf({ code: 'A'.repeat(21) })).toEqual({ code: m.codeLength });
    expect(errorsOf({ name: 'ab' })).toEqual({ name: m.nameLength });
  });

  it('empty objective / target audience / rich text are stored as null', () => {
    expect(
      testCreateSchema.parse({ code: 'ABC', name: 'Name', objective: [], welcomeMessage: '  ' }),
    ).toMatchObject({
      objective: null,
      welcomeMessage: null,
    });
  });

  it.each([
    [{ duration: 0 }, 'duration', testMessages.durationRange],
    [{ duration: 361 }, 'duration', testMessages.durationRange],
    [{ duration: 1.5 }, 'duration', testMessages.durationRange],
    [{ questionsPerPage: 0 }, 'questionsPerPage', m.questionsPerPage],
    [{ questionsPerPage: 21 }, 'questionsPerPage', m.questionsPerPage],
    [{ attemptsAllowed: 0 }, 'attemptsAllowed', m.attempts],
    [{ negativePointsPerQuestion: 0.5 }, 'negativePointsPerQuestion', m.negativePoints],
    [{ pointsPerQuestion: 0 }, 'pointsPerQuestion', m.positive],
    [{ passingScore: 0 }, 'passingScore', m.positive],
    [{ passingScore: 5, masteryScore: 5 }, 'masteryScore', m.masteryAbovePassing],
    [{ passingScore: null, masteryScore: 5 }, 'masteryScore', m.masteryNeedsPassing],
    [{ expiryDate: '2099-13-45' }, 'expiryDate', m.invalidDate],
  ] as const)('%o is refused on %s', (change, field, message) => {
    expect(errorsOf(change)).toEqual({ [field]: message });
  });

  it('accepts the edges: duration 1 and 360, 20 per page, negative points 0 and below, mastery above passing', () => {
    for (const change of [
      { duration: 1 },
      { duration: 360 },
      { questionsPerPage: 20 },
      { negativePointsPerQuestion: -1 },
      { passingScore: 4, masteryScore: 4.5 },
      { masteryScore: 0 },
    ])
      expect(errorsOf(change)).toEqual({});
  });

  it('an update names the version it read', () => {
    expect(testUpdateSchema.safeParse(form()).success).toBe(false);
    expect(testUpdateSchema.safeParse({ ...form(), version: 3 }).success).toBe(true);
  });
});

describe('configuration privileges (part 3 §6)', () => {
  it('a field is locked when its privilege is missing, and only then', () => {
    const all = ['AttemptsAllowed', 'QuestionsPerPage', 'NegativeMarks', 'ShowHint', 'Bookmark'];
    expect(lockedConfigurationFields({ privileges: { Test: all } })).toEqual([]);
    expect(lockedConfigurationFields({ privileges: {} })).toEqual([
      'attemptsAllowed',
      'questionsPerPage',
      'negativePointsPerQuestion',
      'showHint',
      'showBookmark',
    ]);
    expect(
      lockedConfigurationFields({ privileges: { Test: all.filter((n) => n !== 'NegativeMarks') } }),
    ).toEqual(['negativePointsPerQuestion']);
  });
});
