import { defaultReviewOptions } from '@assess/contracts/learner';
import { type TestDetail, testEditorFormSchema, testUpdateSchema } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { informationFields, newTestValues, testFormValuesOf } from './testForm';

const detail: TestDetail = {
  testId: 7,
  providerId: 1,
  code: 'T-7',
  name: 'Seven',
  objective: [3],
  targetAudience: null,
  description: '<p>d</p>',
  welcomeMessage: null,
  concludeMessage: null,
  difficultyLevel: 3,
  duration: 45,
  passingScore: 4,
  masteryScore: 8,
  totalScore: 10,
  attemptsAllowed: 2,
  questionsPerPage: 5,
  pointsPerQuestion: 1,
  negativePointsPerQuestion: -0.25,
  expiryDate: '2099-12-31',
  navigationAllowed: false,
  showHint: true,
  showBookmark: true,
  showResult: false,
  showTimer: true,
  passFeedback: 'Passed',
  failFeedback: null,
  masteryFeedback: null,
  reviewOptions: {
    ...defaultReviewOptions,
    rightAnswers: { immediately: true, open: true, closed: true },
  },
  status: 1,
  isActive: false,
  isLocked: false,
  lockedBy: null,
  version: 4,
  readOnlyReason: null,
};

describe('test editor form values', () => {
  it('a new test needs only a code and a name to pass the schema (the configuration has its defaults)', () => {
    expect(testEditorFormSchema.safeParse(newTestValues()).success).toBe(false);
    expect(testEditorFormSchema.safeParse({ ...newTestValues(), code: 'ABC', name: 'Name' }).success).toBe(
      true,
    );
  });

  it('a stored test becomes form values that save back unchanged with its version', () => {
    const values = testFormValuesOf(detail);
    const body = testUpdateSchema.parse({ ...values, version: detail.version });
    const { version, ...rest } = body;
    expect(version).toBe(4);
    for (const [key, value] of Object.entries(rest))
      expect(detail[key as keyof TestDetail], key).toEqual(value);
  });

  it('the Information step validates its own fields only', () => {
    expect([...informationFields].sort()).toEqual(
      [
        'code',
        'concludeMessage',
        'description',
        'name',
        'objective',
        'targetAudience',
        'welcomeMessage',
      ].sort(),
    );
  });
});
