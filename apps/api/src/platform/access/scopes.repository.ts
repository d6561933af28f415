import { QuestionStatus } from '@assess/contracts/questions';
import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { TestStatus } from '@assess/contracts/tests';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { attempts, courses, questionImages, questions, tests, topics, users } from '../../db/schema';
import type { Db } from '../db/client';

/**
 * Row scopes (issue 28): which tests, series, questions, students and attempts a caller may read or change, in
 * one place. The SQL predicates below are what every module's queries filter by; `checkAccess` answers the
 * batched question "which of these ids may this caller ... ?" in one query (the shape of immich's access check).
 */

/** Whose rows a read covers: the caller's own (null: none) and its content providers' published ones. */
export type ReadScope = { ownProviderId: number | null; contentProviderIds: readonly number[] };
/** A provider's own scope with its content providers (what a test may draw, what a series may hold). */
export type OwnScope = { providerId: number; contentProviderIds: readonly number[] };

const othersOf = (own: number | null, contentProviderIds: readonly number[]) =>
  contentProviderIds.filter((id) => id !== own);
const either = (own: SQL | undefined, subscribed: SQL | undefined): SQL =>
  own && subscribed ? or(own, subscribed)! : (own ?? subscribed ?? sql`false`);

/** Tests the scope may read: its own (any status) and its content providers' Published (or later) ones. */
export function testsVisibleTo(s: ReadScope): SQL {
  const others = othersOf(s.ownProviderId, s.contentProviderIds);
  return either(
    s.ownProviderId === null ? undefined : eq(tests.providerId, s.ownProviderId),
    others.length
      ? and(inArray(tests.providerId, others), sql`${tests.status} >= ${TestStatus.Published}`)
      : undefined,
  );
}

/** Published tests, whatever the clock has moved them to since (their content is frozen). */
const publishedTests = [TestStatus.Published, TestStatus.Scheduled, TestStatus.InProgress];
/** Tests a series of the scope may hold: its own Ready or published ones, its content providers' published. */
export function testsOfferedTo(s: OwnScope): SQL {
  const others = othersOf(s.providerId, s.contentProviderIds);
  const own = and(
    eq(tests.providerId, s.providerId),
    inArray(tests.status, [TestStatus.Ready, ...publishedTests]),
  );
  return others.length
    ? (sql`(${own} or (${inArray(tests.providerId, others)} and ${inArray(tests.status, publishedTests)}))` as SQL)
    : (own as SQL);
}

/** Questions the scope may read: its own (any status) and its content providers' Published ones. */
export function questionsVisibleTo(s: ReadScope): SQL {
  const others = othersOf(s.ownProviderId, s.contentProviderIds);
  return either(
    s.ownProviderId === null ? undefined : eq(questions.providerId, s.ownProviderId),
    others.length
      ? and(inArray(questions.providerId, others), eq(questions.status, QuestionStatus.Published))
      : undefined,
  );
}

/** A draw scope as placeholders of a prepared statement: `providerId`, and `others` (the content providers' ids
 * but the own, as an int[] literal: see intArray in platform/db/rows). */
export type PreparedDrawScope = 'prepared';

/**
 * Questions a test of the scope may draw: its own Ready or Published ones, its content providers' Published. The
 * one rule of "the questions a test may draw" (the editor's pickers, the sections' supply, topic-wise creation,
 * the learner's start): `q` is the questions table or an alias of it (raw SQL's `questions q`); `'prepared'` reads
 * the scope from the placeholders `providerId` and `others` (the exam-day start is a prepared statement).
 */
export function questionsDrawableBy(
  s: OwnScope | PreparedDrawScope,
  q: { providerId: PgColumn; status: PgColumn } = questions,
): SQL {
  const own = and(
    eq(q.providerId, s === 'prepared' ? sql.placeholder('providerId') : s.providerId),
    inArray(q.status, [QuestionStatus.Ready, QuestionStatus.Published]),
  ) as SQL;
  const others =
    s === 'prepared'
      ? sql`${q.providerId} = any(${sql.placeholder('others')}::int[])`
      : othersOf(s.providerId, s.contentProviderIds);
  if (Array.isArray(others) && !others.length) return own;
  const theirs = Array.isArray(others) ? inArray(q.providerId, others) : (others as SQL);
  return sql`(${own} or (${theirs} and ${eq(q.status, QuestionStatus.Published)}))`;
}

/** The provider's own student accounts. */
export const studentsOf = (providerId: number) =>
  and(eq(users.providerId, providerId), eq(users.userTypeId, STUDENT_USER_TYPE)) as SQL;

export type AccessKind =
  | 'test.read'
  | 'test.write'
  | 'test.offer'
  | 'series.write'
  | 'question.read'
  | 'question.write'
  | 'question.draw'
  | 'student.write'
  | 'student.assign'
  | 'attempt.read'
  | 'topic.write'
  | 'image.write';
/** The caller as the scopes see it (a principal has these). */
export type ScopeCaller = { providerId: number; contentProviderIds: readonly number[] };

const readScope = (c: ScopeCaller): ReadScope => ({
  ownProviderId: c.providerId,
  contentProviderIds: c.contentProviderIds,
});
const kinds: Record<AccessKind, { id: PgColumn; where: (c: ScopeCaller) => SQL }> = {
  'test.read': { id: tests.testId, where: (c) => testsVisibleTo(readScope(c)) },
  'test.write': { id: tests.testId, where: (c) => eq(tests.providerId, c.providerId) },
  'test.offer': { id: tests.testId, where: (c) => testsOfferedTo(c) },
  'series.write': { id: courses.courseId, where: (c) => eq(courses.providerId, c.providerId) },
  'question.read': { id: questions.questionId, where: (c) => questionsVisibleTo(readScope(c)) },
  'question.write': { id: questions.questionId, where: (c) => eq(questions.providerId, c.providerId) },
  'question.draw': { id: questions.questionId, where: (c) => questionsDrawableBy(c) },
  'student.write': { id: users.userId, where: (c) => studentsOf(c.providerId) },
  'student.assign': {
    id: users.userId,
    where: (c) => and(studentsOf(c.providerId), eq(users.isActive, true)) as SQL,
  },
  'attempt.read': { id: attempts.attemptId, where: (c) => eq(attempts.providerId, c.providerId) },
  'topic.write': { id: topics.topicId, where: (c) => eq(topics.providerId, c.providerId) },
  'image.write': { id: questionImages.imageId, where: (c) => eq(questionImages.providerId, c.providerId) },
};

export function createAccessScopes(db: Db) {
  return {
    /** Of `ids`, those the caller may use as `kind`, in one query (an empty list asks nothing). */
    async checkAccess(caller: ScopeCaller, kind: AccessKind, ids: readonly number[]): Promise<Set<number>> {
      const wanted = [...new Set(ids)];
      if (!wanted.length) return new Set();
      const { id, where } = kinds[kind];
      const rows = await db
        .select({ id })
        .from(id.table)
        .where(and(inArray(id, wanted), where(caller)));
      return new Set(rows.map((r) => r.id as number));
    },

    /** Of `ids`, those of the provider's own rows as `kind` (ownership kinds: its own, whatever it subscribes). */
    async ownAmong(providerId: number, kind: AccessKind, ids: readonly number[]): Promise<number[]> {
      return [...(await this.checkAccess({ providerId, contentProviderIds: [] }, kind, ids))];
    },
  };
}
export type AccessScopes = ReturnType<typeof createAccessScopes>;
