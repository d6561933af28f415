import { describe, expect, it } from 'vitest';
import {
  type ReadinessInput,
  readinessItemKeys,
  readinessMessages,
  readinessRefusal,
  testReadiness,
} from './readiness';

const section = (extra: Partial<ReadinessInput['sections'][number]> = {}) => ({
  poolId: 1,
  code: 'S1',
  name: 'Section one',
  questionCount: 5,
  supply: 5,
  fixedNotReady: 0,
  ...extra,
});
const ready = (): ReadinessInput => ({
  sections: [section()],
  configuration: { duration: 60, passingScore: 4, masteryScore: 8, totalScore: 10, attemptsAllowed: 1 },
});
const failing = (input: ReadinessInput) =>
  testReadiness(input)
    .items.filter((i) => !i.ok)
    .map((i) => [i.key, i.details]);

describe('testReadiness', () => {
  it('is ready when every item holds, and reports every item with its message', () => {
    const report = testReadiness(ready());
    expect(report.ready).toBe(true);
    // every declared item (the seven of the editor's checklist), in their order
    expect(report.items.map((i) => i.key)).toEqual([...readinessItemKeys]);
    expect(new Set(readinessItemKeys).size).toBe(7);
    expect(
      report.items.every((i) => i.ok && i.details.length === 0 && i.message === readinessMessages[i.key]),
    ).toBe(true);
  });

  it('needs at least one section', () => {
    expect(failing({ ...ready(), sections: [] })).toEqual([['sections', ['The test has no section.']]]);
  });

  it('needs every section to supply its question count (exactly enough is enough)', () => {
    const input = {
      ...ready(),
      sections: [section(), section({ poolId: 2, code: 'S2', name: 'Two', supply: 3 })],
    };
    expect(failing(input)).toEqual([
      ['sectionSupply', ['Section S2 (Two) can supply 3 of its 5 questions.']],
    ]);
    expect(testReadiness({ ...ready(), sections: [section({ supply: 5, questionCount: 5 })] }).ready).toBe(
      true,
    );
  });

  it('is not met while a section holds more fixed questions than it allows (7 fixed, 5 allowed)', () => {
    const input = ready();
    input.sections = [
      section({ supply: 7, fixedCount: 7 }),
      section({ poolId: 2, code: 'S2', fixedCount: 5 }),
    ];
    expect(failing(input)).toEqual([
      ['sectionSupply', ['Section S1 (Section one) holds 7 fixed questions; only 5 are allowed.']],
    ]);
  });

  it('needs every fixed question Ready or Published', () => {
    expect(failing({ ...ready(), sections: [section({ fixedNotReady: 2 })] })).toEqual([
      ['questionStatus', ['Section S1 (Section one) holds 2 Draft questions.']],
    ]);
  });

  it.each([
    [{ duration: 0 }, 'duration'],
    [{ duration: 361 }, 'duration'],
    [{ duration: null }, 'duration'],
    [{ passingScore: 11, masteryScore: 12 }, 'passingScore'],
    [{ masteryScore: 4 }, 'masteryScore'],
    [{ passingScore: null }, 'masteryScore'],
    [{ attemptsAllowed: 0 }, 'attemptsAllowed'],
    [{ attemptsAllowed: null }, 'attemptsAllowed'],
  ] as const)('configuration %o fails %s alone', (change, key) => {
    const input = ready();
    const report = failing({ ...input, configuration: { ...input.configuration, ...change } });
    expect(report.map(([k]) => k)).toEqual([key]);
  });

  it('allows an empty mastery, and passing without a total', () => {
    const input = ready();
    expect(
      testReadiness({
        ...input,
        configuration: { ...input.configuration, masteryScore: null, totalScore: null },
      }).ready,
    ).toBe(true);
  });

  it('the refusal lists everything missing in one message', () => {
    const message = readinessRefusal(
      testReadiness({
        sections: [],
        configuration: { duration: 60, passingScore: 5, masteryScore: 5, totalScore: 4, attemptsAllowed: 1 },
      }),
    );
    expect(message).toBe(
      'The test cannot be made Ready yet: The test has no section. Passing score 5 is above the total score 4. Mastery score 5 is not greater than the passing score 5.',
    );
  });
});
