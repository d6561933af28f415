import { questionBankEndpoints } from '@assess/contracts/questions';
import { sectionEndpoints } from '@assess/contracts/sections';
import { testListEndpoints } from '@assess/contracts/tests';
import { given, unique } from '../../../test/given';
import type { TestApp } from '../../../test/harness';

/**
 * A category of `userName`'s provider with one branch topic and `leaves` leaf topics under it, each holding `scq`
 * SCQ and `numerical` NUMERICAL questions in `status` (2 Ready), plus two Draft SCQ questions that must never be
 * drawn; made through the question bank's endpoints. Returns the ids.
 */
export async function seedTopics(
  t: TestApp,
  userName: string,
  o: { leaves: number; scq: number; numerical: number; status?: 1 | 2 },
) {
  const g = given(t, { as: userName });
  const c = await g.staff();
  const tag = `TW${unique()}`;
  const { node: category } = await c.call(questionBankEndpoints.createCategory, {
    body: { name: `Topicwise ${tag}` },
  });
  const { node: branch } = await c.call(questionBankEndpoints.createTopic, {
    body: { name: `Branch ${tag}`, categoryId: category.id },
  });
  const leaves: number[] = [];
  for (let i = 1; i <= o.leaves; i++) {
    const { node } = await c.call(questionBankEndpoints.createTopic, {
      body: { name: `Leaf ${tag} ${i}`, parentTopicId: branch.id },
    });
    leaves.push(node.id);
  }
  const status = o.status ?? 2;
  for (const topicId of leaves) {
    await g.questions(o.scq, { topicId, type: 2, status });
    await g.questions(o.numerical, { topicId, type: 4, status });
    await g.questions(2, { topicId, type: 2, status: 1 });
  }
  return { categoryId: category.id, branchId: branch.id, leaves };
}

/** Each test of the provider whose code starts with `codePrefix-`, with its sections' question ids, types and topics (as ERP's Super User reads them). */
export async function createdTests(t: TestApp, providerId: number, codePrefix: string) {
  const c = await given(t).staff();
  const { items } = await c.call(testListEndpoints.list, {
    query: { code: `${codePrefix}-`, contentFilter: 1, pageNumber: 1, pageSize: 100 },
  });
  const rows = items
    .filter((x) => x.providerId === providerId && x.code.startsWith(`${codePrefix}-`))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const out = [];
  for (const x of rows) {
    const sections = await c.call(sectionEndpoints.list, { params: { testId: x.testId } });
    const picks = [];
    for (const s of sections.sections) {
      const { items: qs } = await c.call(sectionEndpoints.questions, {
        params: { poolId: s.poolId },
        query: { pageNumber: 1, pageSize: 100 },
      });
      picks.push(...qs);
    }
    const topics = new Set<number>();
    for (const q of picks) {
      const detail = await c.call(questionBankEndpoints.get, { params: { questionId: q.questionId } });
      for (const id of detail.topicIds) topics.add(id);
    }
    out.push({
      code: x.code,
      name: x.name,
      status: x.status,
      is_active: x.isActive,
      pools: sections.sections.length,
      qids: picks.map((q) => q.questionId),
      types: picks.map((q) => q.questionType),
      topics: [...topics].sort((a, b) => a - b),
    });
  }
  return out;
}

/** A valid create body for these topics (2 SCQ + 1 NUMERICAL per test unless said). */
export function createBody(
  topicIds: number[],
  prefix: string,
  o: Partial<{ scq: number; numerical: number; setCount: number; reuse: boolean; combined: boolean }> = {},
) {
  const scq = o.scq ?? 2;
  const numerical = o.numerical ?? 1;
  return {
    topics: { topicIds, objective: null, targetAudience: null, combinedTopicTest: o.combined ?? false },
    poolconfiguration: {
      isMandatory: false,
      questionsAllowed: scq + numerical,
      pointsPerQuestion: 2,
      scqQuestionsCount: scq,
      numericalQuestionsCount: numerical,
      setCount: o.setCount ?? 2,
      questionObjective: null,
      questionTargetAudience: null,
      isAllowPrevAddedQuestions: o.reuse ? 1 : 2,
    },
    testconfiguration: {
      duration: 180,
      passingScore: 2,
      masteryScore: 4,
      attemptsAllowed: 1,
      questionsPerPage: 1,
      testCodePrefix: prefix,
      testNamePrefix: `${prefix} name`,
      welcomeMessage: 'Welcome',
      concludeMessage: 'Thank You!',
      passFeedback: 'Pass',
      failFeedback: 'Failed',
      masteryFeedback: 'Excellent !',
      objectiveText: null,
      expiryDate: '2099-12-31',
      showResult: true,
      showTimer: true,
      navigationAllowed: true,
      showHint: false,
      showBookmark: false,
    },
  };
}
