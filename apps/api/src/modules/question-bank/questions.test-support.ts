import { afterAll, beforeAll } from 'vitest';
import { as, type Caller, demoIds } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';

export type QuestionBankContext = {
  t: TestApp;
  erp: Caller;
  curator: Caller;
  partner: Caller;
  ids: Awaited<ReturnType<typeof demoIds>>;
  motion: number;
  capitals: number;
};

/**
 * The question bank API tests' app (one per file, closed after it): the ERP provider's author, the curator and
 * the partner provider signed in, with a demo topic of each provider. `use` receives them before the file's tests.
 */
export function withQuestionBank(use: (c: QuestionBankContext) => void) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const ids = await demoIds(t);
    use({
      t,
      erp: await as(t, 'erp@example.com'),
      curator: await as(t, 'curator@example.com'),
      partner: await as(t, 'partner@example.com'),
      ids,
      motion: await ids.topicOf(ids.erp, 'Motion'),
      capitals: await ids.topicOf(ids.partner, 'Capitals'),
    });
  });
  afterAll(() => t?.close());
}
