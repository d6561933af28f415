import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { questionCounts, questions, users } from '../../db/schema';
import { createDashboardRepository } from './dashboard.repository';

// Issue 24: the Questions card reads the count the questions' triggers keep (migration 0020), not count(*) of a
// million rows; the kept count must equal the real one after every kind of write.
let t: TestApp;
let erp: number;
let other: number;

const providerOf = async (email: string) => {
  const [u] = await t.deps.db.select({ id: users.providerId }).from(users).where(eq(users.userName, email));
  return u.id;
};
/** Every provider's kept count next to its real one (providers without questions: 0 both ways). */
async function keptAndReal() {
  const real = await t.deps.db
    .select({ providerId: questions.providerId, n: count() })
    .from(questions)
    .groupBy(questions.providerId);
  const kept = await t.deps.db.select().from(questionCounts);
  const of = (rows: { providerId: number; n: number }[]) =>
    Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.providerId, Number(r.n)]));
  return { kept: of(kept), real: of(real) };
}
const row = (providerId: number, code: string) => ({
  providerId,
  code,
  questionType: 1,
  contentType: 1,
  text: 'Counted?',
});

beforeAll(async () => {
  t = await createTestApp();
  erp = await providerOf('erp@example.com');
  other = await providerOf('trial@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('the kept question count (dashboard Questions card)', () => {
  it('matches count(*) per provider after the seed, inserts of several providers, deletes and a move', async () => {
    const repo = createDashboardRepository(t.deps.db);
    const start = await keptAndReal();
    expect(start.kept[erp]).toBeGreaterThan(0);
    expect(start.kept).toEqual(start.real);

    // one statement adding to two providers
    const added = await t.deps.db
      .insert(questions)
      .values([row(erp, 'QC-1'), row(erp, 'QC-2'), row(erp, 'QC-3'), row(other, 'QC-4')])
      .returning({ id: questions.questionId });
    expect(await repo.questionCount(erp)).toBe(start.real[erp] + 3);
    expect(await repo.questionCount(other)).toBe((start.real[other] ?? 0) + 1);

    // a question moved to the other provider
    await t.deps.db.update(questions).set({ providerId: other }).where(eq(questions.questionId, added[0].id));
    // an update that does not move a question changes nothing
    await t.deps.db.update(questions).set({ text: 'still counted once' }).where(eq(questions.code, 'QC-2'));
    expect(await repo.questionCount(erp)).toBe(start.real[erp] + 2);
    expect(await repo.questionCount(other)).toBe((start.real[other] ?? 0) + 2);

    // one statement removing from both
    await t.deps.db.delete(questions).where(
      inArray(
        questions.questionId,
        added.map((a) => a.id),
      ),
    );
    const end = await keptAndReal();
    expect(end.kept).toEqual(end.real);
    expect(await repo.questionCount(erp)).toBe(start.real[erp]);
  });

  it('TRUNCATE empties the kept counts (rolled back: the other tests keep their questions)', async () => {
    const repo = createDashboardRepository(t.deps.db);
    const before = await repo.questionCount(erp);
    let inside: number | undefined;
    await expect(
      t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`truncate ${questions} cascade`);
        inside = await createDashboardRepository(tx as unknown as typeof t.deps.db).questionCount(erp);
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    expect(before).toBeGreaterThan(0);
    expect(inside).toBe(0);
    expect(await repo.questionCount(erp)).toBe(before);
  });
});
