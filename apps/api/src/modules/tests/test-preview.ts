import { resolvedMarks } from '@assess/contracts/learner';
import { type TestPreview, testMessages } from '@assess/contracts/tests';
import { badRequest } from '../../platform/http/errors';
import { choiceViews, toPreview } from '../question-bank';
import type { DrawScope, TestEditorRepository, TestRow } from './test-editor.repository';

/**
 * The test as a learner meets it (part 3 §7 testDetails, §8 Preview): section by section, each section's
 * questions (mandatory fixed picks first, then the other fixed picks, then a sample of what its topics offer,
 * since every attempt draws its own) on pages of questionsPerPage. 400 with the spec's message when the test
 * has no question to show. Marks and choice labels are the test's, as the attempt gives them (issue 27): the
 * section's (or pick's, or test's) points and negative points, and the section's choice format.
 */
export async function buildPreview(
  repo: Pick<TestEditorRepository, 'sections' | 'fixedQuestions' | 'topicSample'>,
  test: TestRow,
  scope: DrawScope,
): Promise<TestPreview> {
  const sectionRows = await repo.sections(test.testId);
  const perSection = await Promise.all(
    sectionRows.map(async (s) => {
      const fixed = (await repo.fixedQuestions(s.poolId)).slice(0, s.questionCount);
      const drawn = await repo.topicSample(s.poolId, scope, s.questionCount - fixed.length);
      return { section: s, fixed, drawn };
    }),
  );
  let number = 0;
  const pages: TestPreview['pages'] = [];
  perSection.forEach(({ section, fixed, drawn }, sectionIndex) => {
    const shown = [
      ...fixed.map((q) => ({ q, pickPoints: q.pickPoints, random: false })),
      ...drawn.map((q) => ({ q, pickPoints: null, random: true })),
    ].map(({ q, pickPoints, random }) => ({
      ...toPreview(q),
      ...resolvedMarks({ pickPoints, section, test }),
      choiceFormat: section.choiceFormat,
      choices: choiceViews(section.choiceFormat, q.choices),
      number: ++number,
      code: q.code,
      random,
    }));
    for (let i = 0; i < shown.length; i += test.questionsPerPage)
      pages.push({ sectionIndex, questions: shown.slice(i, i + test.questionsPerPage) });
  });
  if (!pages.length) throw badRequest(testMessages.previewEmpty);
  return {
    testId: test.testId,
    code: test.code,
    name: test.name,
    description: test.description,
    welcomeMessage: test.welcomeMessage,
    concludeMessage: test.concludeMessage,
    duration: test.duration,
    questionsPerPage: test.questionsPerPage,
    navigationAllowed: test.navigationAllowed,
    showTimer: test.showTimer,
    sections: perSection.map(({ section: s, drawn }) => ({
      poolId: s.poolId,
      code: s.code,
      name: s.name,
      questionCount: s.questionCount,
      randomCount: drawn.length,
    })),
    pages,
  };
}
