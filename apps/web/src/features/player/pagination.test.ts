import type { AttemptState, PlayerQuestion } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { canGoBack, canJumpTo, clampPage, pageOfQuestion, paginate } from './pagination';

const q = (questionId: number) => ({ questionId }) as PlayerQuestion;
const sections: AttemptState['sections'] = [
  { poolId: 1, name: 'A', questions: [q(1), q(2), q(3)] },
  { poolId: 2, name: 'Empty', questions: [] },
  { poolId: 3, name: 'B', questions: [q(4), q(5)] },
];

describe('paginate', () => {
  it('fills pages of questionsPerPage, a new page for each section', () => {
    const pages = paginate(sections, 2);
    expect(pages.map((p) => [p.sectionName, p.questions.map((x) => x.questionId)])).toEqual([
      ['A', [1, 2]],
      ['A', [3]],
      ['B', [4, 5]],
    ]);
    expect(pages.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(pages[2]?.sectionIndex).toBe(2);
    expect(pageOfQuestion(pages, 3)).toBe(1);
    expect(pageOfQuestion(pages, 9)).toBe(-1);
  });
  it('reads questionsPerPage below 1 as 1', () => {
    expect(paginate(sections, 0)).toHaveLength(5);
  });
});

describe('navigation', () => {
  it('Back only with navigation allowed and a page before', () => {
    expect(canGoBack(1, true)).toBe(true);
    expect(canGoBack(0, true)).toBe(false);
    expect(canGoBack(3, false)).toBe(false);
  });
  it('the palette jumps only forward without navigation', () => {
    expect(canJumpTo(2, 1, true)).toBe(true);
    expect(canJumpTo(2, 1, false)).toBe(false);
    expect(canJumpTo(2, 3, false)).toBe(true);
    expect(canJumpTo(2, 2, true)).toBe(false);
  });
  it('clamps a page index', () => {
    expect(clampPage(7, 3)).toBe(2);
    expect(clampPage(-1, 3)).toBe(0);
    expect(clampPage(Number.NaN, 3)).toBe(0);
  });
});
