import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../../test/harness';
import { categories, providers, questions, topics } from '../../db/schema';

/** Requests as a signed-in demo user: `const erp = await as(t, 'erp@example.com'); await erp.get('/api/...')`. */
export async function as(t: TestApp, userName: string) {
  const cookie = await t.signIn(userName);
  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    cookie,
    get: (url: string) => send('GET', url),
    post: (url: string, body?: unknown) => send('POST', url, body ?? {}),
    put: (url: string, body?: unknown) => send('PUT', url, body ?? {}),
    delete: (url: string) => send('DELETE', url),
  };
}
export type Caller = Awaited<ReturnType<typeof as>>;

/** Ids of the demo data. */
export async function demoIds(t: TestApp) {
  const db = t.deps.db;
  const providerId = async (name: string) =>
    (await db.select({ id: providers.providerId }).from(providers).where(eq(providers.name, name)))[0].id;
  const erp = await providerId('Demo ERP Institute');
  const partner = await providerId('Demo Content Partner');
  const topicOf = async (providerId: number, name: string) =>
    (
      await db
        .select({ id: topics.topicId })
        .from(topics)
        .where(and(eq(topics.providerId, providerId), eq(topics.name, name)))
    )[0].id;
  const categoryOf = async (providerId: number, name: string) =>
    (
      await db
        .select({ id: categories.categoryId })
        .from(categories)
        .where(and(eq(categories.providerId, providerId), eq(categories.name, name)))
    )[0].id;
  const questionOf = async (providerId: number, code: string) =>
    (
      await db
        .select({ id: questions.questionId })
        .from(questions)
        .where(and(eq(questions.providerId, providerId), eq(questions.code, code)))
    )[0].id;
  return { erp, partner, topicOf, categoryOf, questionOf };
}

/** A valid SCQ body (Draft) mapped to the given topics. */
export const scqBody = (code: string, topicIds: number[], extra: Record<string, unknown> = {}) => ({
  code,
  questionType: 2,
  contentType: 1,
  text: 'What is 2 + 2?',
  choices: [
    { text: '3', image: null },
    { text: '4', image: null },
  ],
  correctChoices: [2],
  topicIds,
  ...extra,
});
