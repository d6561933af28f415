import { learnerMessages as m } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { attemptsText, canViewAssessment, resultView, scoreText, takeTestState } from './takeTest';

const row = (over: Partial<Parameters<typeof takeTestState>[0]> = {}) => ({
  attemptNumber: 0,
  maxAttempts: 3,
  openAttemptId: null,
  startIssue: null,
  ...over,
});

describe('takeTestState (part 3 §4 Learner rules)', () => {
  it('offers Take Test while attempts are left', () => {
    expect(takeTestState(row())).toEqual({ kind: 'start', label: m.takeTest, disabled: false, help: null });
    expect(takeTestState(row({ attemptNumber: 2 })).kind).toBe('start');
  });

  it("reads 'No More Attempts' and is disabled when maxAttempts ≤ attemptNumber", () => {
    for (const [attemptNumber, maxAttempts] of [
      [1, 1],
      [3, 3],
      [4, 3],
      [0, 0],
    ]) {
      const s = takeTestState(row({ attemptNumber, maxAttempts }));
      expect(s).toEqual({ kind: 'none', label: 'No More Attempts', disabled: true, help: null });
    }
  });

  it('resumes an open attempt, even the last one allowed', () => {
    expect(takeTestState(row({ attemptNumber: 3, maxAttempts: 3, openAttemptId: 9 }))).toEqual({
      kind: 'resume',
      label: 'Resume',
      disabled: false,
      help: 'An attempt is in progress: its time keeps running.',
    });
  });

  it("shows the server's reason when starting is refused (window, expiry)", () => {
    expect(takeTestState(row({ startIssue: m.notStarted }))).toEqual({
      kind: 'refused',
      label: m.takeTest,
      disabled: true,
      help: m.notStarted,
    });
    // no attempts left wins over another reason: the button reads what the spec says
    expect(takeTestState(row({ attemptNumber: 3, startIssue: m.windowClosed })).label).toBe(m.noMoreAttempts);
  });
});

describe('the other columns', () => {
  it('View Assessment only with attempts', () => {
    expect(canViewAssessment({ attemptNumber: 0 })).toBe(false);
    expect(canViewAssessment({ attemptNumber: 1 })).toBe(true);
  });

  it("result: 1 Failed, otherwise Passed (3 with the mastery mark), none '--'", () => {
    expect(resultView(null)).toEqual({ text: '--', mastery: false });
    expect(resultView(undefined)).toEqual({ text: '--', mastery: false });
    expect(resultView(1)).toEqual({ text: 'Failed', mastery: false });
    expect(resultView(2)).toEqual({ text: 'Passed', mastery: false });
    expect(resultView(3)).toEqual({ text: 'Passed', mastery: true });
  });

  it('score and attempts', () => {
    expect(scoreText(null, null)).toBe('--');
    expect(scoreText(null, 10)).toBe('--');
    expect(scoreText(7.5, 10)).toBe('7.5 / 10');
    expect(scoreText(1 / 3, 2)).toBe('0.33 / 2');
    expect(scoreText(-2, null)).toBe('-2');
    expect(attemptsText({ attemptNumber: 1, maxAttempts: 3 })).toBe('1 / 3');
  });
});
