import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import * as tables from '../../db/schema';
import { createDashboardRepository } from './dashboard.repository';

// Issue 24: the Questions card, the Students card and the four charts read the counts the tables' triggers keep
// (migrations 0020 question_counts, 0021 student_counts), not count(*) of a million rows; each kept count must
// equal the real one after every kind of write.
let t: TestApp;
let erp: number;
let other: number;

const providerOf = async (email: string) => {
  const [u] = await t.deps.db
    .select({ id: tables.users.providerId })
    .from(tables.users)
    .where(eq(tables.users.userName, email));
  return u.id;
};
/** Every provider's kept count next to its real one (providers without questions: 0 both ways). */
async function keptAndReal() {
  const real = await t.deps.db
    .select({ providerId: tables.questions.providerId, n: count() })
    .from(tables.questions)
    .groupBy(tables.questions.providerId);
  const kept = await t.deps.db.select().from(tables.questionCounts);
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
      .insert(tables.questions)
      .values([row(erp, 'QC-1'), row(erp, 'QC-2'), row(erp, 'QC-3'), row(other, 'QC-4')])
      .returning({ id: tables.questions.questionId });
    expect(await repo.questionCount(erp)).toBe(start.real[erp] + 3);
    expect(await repo.questionCount(other)).toBe((start.real[other] ?? 0) + 1);

    // a question moved to the other provider
    await t.deps.db
      .update(tables.questions)
      .set({ providerId: other })
      .where(eq(tables.questions.questionId, added[0].id));
    // an update that does not move a question changes nothing
    await t.deps.db
      .update(tables.questions)
      .set({ text: 'still counted once' })
      .where(eq(tables.questions.code, 'QC-2'));
    expect(await repo.questionCount(erp)).toBe(start.real[erp] + 2);
    expect(await repo.questionCount(other)).toBe((start.real[other] ?? 0) + 2);

    // one statement removing from both
    await t.deps.db.delete(tables.questions).where(
      inArray(
        tables.questions.questionId,
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
        await tx.execute(sql`truncate ${tables.questions} cascade`);
        inside = await createDashboardRepository(tx as unknown as typeof t.deps.db).questionCount(erp);
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    expect(before).toBeGreaterThan(0);
    expect(inside).toBe(0);
    expect(await repo.questionCount(erp)).toBe(before);
  });
});

/** student_counts next to the real counts, per kind (zeros left out both ways). */
async function studentsKeptAndReal() {
  const db = t.deps.db;
  // kind → the column counted (students: users of type 4 per provider; the others: rows per value)
  const sources: [number, PgColumn, SQL | undefined][] = [
    [0, tables.users.providerId, sql`${tables.users.userTypeId} = 4`],
    [1, tables.studentEducation.class, undefined],
    [2, tables.studentProfiles.city, undefined],
    [3, tables.studentProfiles.state, undefined],
    [4, tables.studentInterests.interestId, undefined],
  ];
  const real: string[] = [];
  for (const [kind, column, where] of sources) {
    const rows = await db
      .select({ id: sql<number | null>`${column}`, n: count() })
      .from(column.table)
      .where(where)
      .groupBy(column);
    for (const r of rows) if (r.id !== null && Number(r.n) !== 0) real.push(`${kind}:${r.id}=${Number(r.n)}`);
  }
  real.sort();
  const kept = (await db.select().from(tables.studentCounts))
    .filter((r) => r.n !== 0)
    .map((r) => `${r.kind}:${r.refId}=${r.n}`)
    .sort();
  return { kept, real };
}

describe('the kept student counts (dashboard Students card and charts)', () => {
  it('match the real counts after the seed, new students, moves, no-op updates, a type change and deletes', async () => {
    const db = t.deps.db;
    const repo = createDashboardRepository(db);
    const start = await studentsKeptAndReal();
    expect(start.kept.length).toBeGreaterThan(5);
    expect(start.kept).toEqual(start.real);
    const studentsBefore = await repo.studentCount(erp);

    const valuesOf = async (key: string) =>
      db
        .select({ id: tables.configurationValues.id })
        .from(tables.configurationValues)
        .where(and(eq(tables.configurationValues.providerId, erp), eq(tables.configurationValues.key, key)))
        .orderBy(tables.configurationValues.id);
    const [cities, states, classes] = [
      await valuesOf('City'),
      await valuesOf('State'),
      await valuesOf('Class'),
    ];
    const [interest] = await db
      .select({ id: tables.interests.interestId })
      .from(tables.interests)
      .where(eq(tables.interests.providerId, erp));
    const added = await db
      .insert(tables.users)
      .values(
        [1, 2, 3].map((i) => ({
          providerId: erp,
          userTypeId: 4,
          userName: `kept${i}@example.com`,
          email: `kept${i}@example.com`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: tables.users.userId });
    await db
      .insert(tables.studentProfiles)
      .values(
        added.map((u, i) => ({ userId: u.id, providerId: erp, city: cities[i % 2].id, state: states[0].id })),
      );
    await db
      .insert(tables.studentEducation)
      .values(added.map((u) => ({ userId: u.id, class: classes[0].id })));
    await db
      .insert(tables.studentInterests)
      .values(added.map((u) => ({ userId: u.id, interestId: interest.id })));
    expect(await repo.studentCount(erp)).toBe(studentsBefore + 3);

    // a profile moved to another city; an update that moves nothing; an unrelated users update
    await db
      .update(tables.studentProfiles)
      .set({ city: cities[1].id })
      .where(eq(tables.studentProfiles.userId, added[0].id));
    await db
      .update(tables.studentProfiles)
      .set({ city: cities[1].id, state: states[0].id })
      .where(eq(tables.studentProfiles.userId, added[1].id));
    await db
      .update(tables.users)
      .set({ isActive: false })
      .where(inArray(tables.users.userId, [added[1].id, added[2].id]));
    // a student who stops being one (user type), then one deleted (its profile, education, interests go too)
    await db.update(tables.users).set({ userTypeId: 6 }).where(eq(tables.users.userId, added[1].id));
    await db.delete(tables.users).where(eq(tables.users.userId, added[2].id));
    expect(await repo.studentCount(erp)).toBe(studentsBefore + 1);

    const end = await studentsKeptAndReal();
    expect(end.kept).toEqual(end.real);
    expect(end.kept).not.toEqual(start.kept);
    const chart = await repo.cityWise(erp, 50);
    const real = await db
      .select({ n: count() })
      .from(tables.studentProfiles)
      .where(eq(tables.studentProfiles.city, cities[1].id));
    const label = (
      await db
        .select()
        .from(tables.configurationValues)
        .where(eq(tables.configurationValues.id, cities[1].id))
    )[0].valueString;
    expect(chart.values[chart.lable.indexOf(label)]).toBe(real[0].n);
  });
});
