import { TestStatus, testMessages } from '@assess/contracts/tests';
import type { Principal } from '../../platform/auth/principal';
import { forbidden } from '../../platform/http/errors';

/** The columns of a test row the editability rule reads. */
export type EditableTest = { providerId: number; status: number; isLocked: boolean; lockedBy: number | null };

/** True when the test's content is frozen: published (or scheduled, running, completed): copy it to change it. */
export const isTestFrozen = (test: Pick<EditableTest, 'status'>) =>
  test.status !== TestStatus.Draft && test.status !== TestStatus.Ready;

/**
 * The one rule for "may this caller change this test's content" (information, configuration, sections and their
 * questions): only the owning provider, never once published, never while another user holds its lock.
 * Throws 403 with the message that says which; the caller loads the test within its provider scope first
 * (another provider's id is a 404 before this is reached).
 */
export function assertTestEditable(test: EditableTest, principal: Pick<Principal, 'providerId' | 'userId'>) {
  if (test.providerId !== principal.providerId) throw forbidden(testMessages.notOwner);
  if (isTestFrozen(test)) throw forbidden(testMessages.published);
  if (test.isLocked && test.lockedBy !== null && test.lockedBy !== principal.userId) {
    throw forbidden(testMessages.locked);
  }
}

/** A test's settings as answers give them (contracts' testSettingsAnswerFields: the editor, the details dialog). */
export const settingsAnswer = (t: TestSettingsRow) => ({
  questionsPerPage: t.questionsPerPage,
  pointsPerQuestion: t.pointsPerQuestion,
  negativePointsPerQuestion: t.negativePointsPerQuestion,
  expiryDate: t.expiryDate,
  navigationAllowed: t.navigationAllowed,
  showHint: t.showHint,
  showBookmark: t.showBookmark,
  showResult: t.showResult,
  showTimer: t.showTimer,
});
type TestSettingsRow = {
  questionsPerPage: number;
  pointsPerQuestion: number | null;
  negativePointsPerQuestion: number;
  expiryDate: string;
  navigationAllowed: boolean;
  showHint: boolean;
  showBookmark: boolean;
  showResult: boolean;
  showTimer: boolean;
};

/** Why the caller may not change the test (assertTestEditable's message), or null when it may: the editors' flag. */
export function testReadOnlyReason(
  test: EditableTest,
  principal: Pick<Principal, 'providerId' | 'userId'>,
): string | null {
  try {
    assertTestEditable(test, principal);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
