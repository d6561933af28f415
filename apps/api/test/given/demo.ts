// Ids of the demo data (README "Demo sign-ins"), looked up through the API as the console finds them: the
// provider from its user's session, categories and topics in the question bank tree, questions in the grid.
import { authEndpoints } from '@assess/contracts/auth';
import { questionBankEndpoints } from '@assess/contracts/questions';
import type { TestApp } from '../harness';
import { as, type Client, signedIn } from './client';

/** The demo providers' ids and lookups of their content by name or code (the owner's user signed in for each). */
export async function demoIds(t: TestApp) {
  const users = new Map<number, Client>();
  const providerOf = async (userName: string) => {
    const c = await signedIn(t, userName);
    const id = (await c.call(authEndpoints.session)).userDetails.providerId;
    users.set(id, c);
    return id;
  };
  const erp = await providerOf('erp@example.com');
  const partner = await providerOf('partner@example.com');
  const by = (providerId: number) => {
    const c = users.get(providerId);
    if (!c) throw new Error(`demoIds: no demo user of provider ${providerId}`);
    return c;
  };
  const node = async (providerId: number, nodeType: 'category' | 'topic', name: string) => {
    const { nodes } = await by(providerId).call(questionBankEndpoints.tree, { query: { contentFilter: 1 } });
    const found = nodes.find(
      (n) => n.nodeType === nodeType && n.name === name && n.providerId === providerId,
    );
    if (!found) throw new Error(`demoIds: no ${nodeType} '${name}' of provider ${providerId}`);
    return found.id;
  };
  const topicOf = (providerId: number, name: string) => node(providerId, 'topic', name);
  const categoryOf = (providerId: number, name: string) => node(providerId, 'category', name);
  const questionOf = async (providerId: number, code: string) => {
    const { items } = await by(providerId).call(questionBankEndpoints.list, {
      query: { code, contentFilter: 1, pageNumber: 1, pageSize: 50 },
    });
    const found = items.find((q) => q.code === code);
    if (!found) throw new Error(`demoIds: no question ${code} of provider ${providerId}`);
    return found.questionId;
  };
  return { erp, partner, topicOf, categoryOf, questionOf };
}

/** The demo's ERP institute and partner signed in, with the demo ids: most catalogue tests' cast. */
export async function erpAndPartner(t: TestApp) {
  const erp = await as(t, 'erp@example.com');
  const partner = await as(t, 'partner@example.com');
  return { erp, partner, ids: await demoIds(t) };
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

/** A user's id, from the session of a demo account (or of `password`'s user). */
export async function userIdOf(t: TestApp, userName: string, password?: string) {
  const c = await signedIn(t, userName, password);
  return (await c.call(authEndpoints.session)).userDetails.userId;
}

/** A valid section form. */
export const sectionBody = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Section ${code}`,
  questionCount: 5,
  pointsPerQuestion: 1,
  negativePointsPerQuestion: 0,
  ...extra,
});
