// What a test's sections hold, read as the sections area shows them (its list, its supply counting).
import { sectionEndpoints } from '@assess/contracts/sections';
import type { TestApp } from '../harness';
import { signedIn } from './client';

/** How many sections the test has (the sections module's own counting, whatever the test's type). */
export const poolCount = async (t: TestApp, testId: number) =>
  (await t.deps.modules.sections.supplyForTest(testId)).length;

/** The section's fixed questions in their order, as its question list shows them (to ERP's Super User unless said). */
export async function poolQuestionIds(t: TestApp, poolId: number, userName = 'erp@example.com') {
  const c = await signedIn(t, userName);
  const { items } = await c.call(sectionEndpoints.questions, {
    params: { poolId },
    query: { pageNumber: 1, pageSize: 100 },
  });
  return items.map((q) => q.questionId);
}
