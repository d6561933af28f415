import { describe, expect, it } from 'vitest';
import { licenceMessages } from '../access/licences';
import { topicwiseMessages as m } from './messages';
import { planTests } from './naming';
import { topicStepLicenceIssue, topicwiseCreateSchema, topicwiseDefaults } from './schemas';

const valid = () => {
  const v = structuredClone(topicwiseDefaults) as unknown as {
    topics: { topicIds: number[]; objective: number[] | null; targetAudience: number[] | null };
    poolconfiguration: {
      questionsAllowed: number;
      scqQuestionsCount: number;
      numericalQuestionsCount: number;
      setCount: number;
    };
    testconfiguration: {
      testCodePrefix: string;
      testNamePrefix: string;
      welcomeMessage: string;
      masteryScore: number | null;
      passingScore: number | null;
    };
  };
  v.topics.topicIds = [5];
  v.testconfiguration.testCodePrefix = 'TWX';
  v.testconfiguration.testNamePrefix = 'Topic test';
  return v;
};
const issues = (v: unknown) =>
  topicwiseCreateSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('topic-wise create schema (part 3 §5 "Topic-wise wizard", "Test configuration")', () => {
  it('the §5 defaults with topics and prefixes are a valid request', () => {
    expect(issues(valid())).toEqual([]);
    expect(topicwiseDefaults.testconfiguration).toMatchObject({
      welcomeMessage: 'Welcome',
      concludeMessage: 'Thank You!',
      failFeedback: 'Failed',
      passFeedback: 'Pass',
      masteryFeedback: 'Excellent !',
      duration: 180,
      attemptsAllowed: 1,
      expiryDate: '2099-12-31',
      questionsPerPage: 1,
    });
  });

  it('SCQ + NUMERICAL must equal Questions Allowed: both count fields in error', () => {
    const v = valid();
    v.poolconfiguration.questionsAllowed = 12;
    expect(issues(v)).toEqual([
      ['poolconfiguration.scqQuestionsCount', m.countsMustMatch],
      ['poolconfiguration.numericalQuestionsCount', m.countsMustMatch],
    ]);
  });

  it('refuses no topic, setCount 0, a target audience without objective, an empty message, mastery ≤ passing', () => {
    const v = valid();
    v.topics.topicIds = [];
    v.topics.targetAudience = [3];
    v.poolconfiguration.setCount = 0;
    v.testconfiguration.welcomeMessage = ' ';
    v.testconfiguration.passingScore = 5;
    v.testconfiguration.masteryScore = 5;
    expect(issues(v).map(([p]) => p)).toEqual(
      expect.arrayContaining([
        'topics.topicIds',
        'topics.objective',
        'poolconfiguration.setCount',
        'testconfiguration.welcomeMessage',
        'testconfiguration.masteryScore',
      ]),
    );
  });
});

describe('planTests (codes and names from the prefixes)', () => {
  it('per topic: PREFIX-topicId-set; same-named topics get their id in the name', () => {
    const plan = planTests({
      topics: [
        { topicId: 7, name: 'Motion' },
        { topicId: 9, name: 'Roots' },
        { topicId: 11, name: 'roots' },
      ],
      combined: false,
      setCount: 2,
      codePrefix: 'PHY',
      namePrefix: 'Physics',
    });
    expect(plan.map((p) => p.code)).toEqual([
      'PHY-7-1',
      'PHY-7-2',
      'PHY-9-1',
      'PHY-9-2',
      'PHY-11-1',
      'PHY-11-2',
    ]);
    expect(plan[0]!.name).toBe('Physics Motion Set 1');
    expect(plan[2]!.name).toBe('Physics Roots (9) Set 1');
    expect(new Set(plan.map((p) => p.name.toLowerCase())).size).toBe(6);
  });

  it('combined: PREFIX-set', () => {
    const plan = planTests({
      topics: [{ topicId: 1, name: 'A' }],
      combined: true,
      setCount: 3,
      codePrefix: 'MIX',
      namePrefix: 'Mixed',
    });
    expect(plan).toEqual([
      { topicId: null, setNo: 1, code: 'MIX-1', name: 'Mixed Set 1' },
      { topicId: null, setNo: 2, code: 'MIX-2', name: 'Mixed Set 2' },
      { topicId: null, setNo: 3, code: 'MIX-3', name: 'Mixed Set 3' },
    ]);
  });
});

describe('topic step: current tests + chosen topics + 1 within the Tests limit (§5)', () => {
  it('allows up to the limit and refuses one more with the package message', () => {
    expect(topicStepLicenceIssue({ count: 7, limit: 10 }, 2)).toBeNull();
    expect(topicStepLicenceIssue({ count: 7, limit: 10 }, 3)).toBe(
      licenceMessages.Tests.replace('{n}', '10'),
    );
    expect(topicStepLicenceIssue({ count: 7, limit: 10 }, 3)).toBe(
      'Your current package allows up to 10 tests.Please upgrade to higher package to create additional tests.',
    );
    expect(topicStepLicenceIssue({ count: 0, limit: 1 }, 1)).not.toBeNull();
  });
});
