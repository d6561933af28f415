import { ANSWER_SESSION_MAX, QuestionStatus } from '@assess/contracts/questions';
import { and, asc, count, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { questions, questionVersions, topicQuestionMappings, topics } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import type { NodeFilter } from './question-grid.repository';

export type AnswerChange = {
  questionId: number;
  version: number;
  correctChoices: readonly number[];
  numericAnswer: number | null;
};

/** Answer setting (§2, §7 getQuestionAnswers / PUT QuestionChoices): the node's first 500 questions. */
export function createAnswersRepository(db: Db) {
  const under = (node: NodeFilter) =>
    db
      .select({ id: topicQuestionMappings.questionId })
      .from(topicQuestionMappings)
      .innerJoin(topics, eq(topics.topicId, topicQuestionMappings.topicId))
      .where(and(eq(topics.providerId, node.providerId), like(topics.path, `${node.path}%`)));
  const inNode = (node: NodeFilter, publishedOnly: boolean): SQL =>
    and(
      eq(questions.providerId, node.providerId),
      inArray(questions.questionId, under(node)),
      publishedOnly ? eq(questions.status, QuestionStatus.Published) : undefined,
    )!;

  return {
    async page(node: NodeFilter, publishedOnly: boolean, offset: number, limit: number) {
      const w = inNode(node, publishedOnly);
      const session = db
        .select({ id: questions.questionId })
        .from(questions)
        .where(w)
        .limit(ANSWER_SESSION_MAX)
        .as('s');
      const topicName = sql<string>`(select t.name from ${topicQuestionMappings} m join ${topics} t on t.topic_id = m.topic_id
        where m.question_id = "questions"."question_id" and t.provider_id = ${node.providerId} and t.path like ${`${node.path}%`}
        order by t.path limit 1)`;
      const [items, [total]] = await Promise.all([
        db
          .select({ q: questions, topicName })
          .from(questions)
          .where(w)
          .orderBy(asc(questions.questionId))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(session),
      ]);
      return { items, totalCount: total?.n ?? 0 };
    },

    /** The node's questions among the ids, locked for the transaction. */
    async lockInNode(node: NodeFilter, ids: readonly number[]) {
      return db
        .select()
        .from(questions)
        .where(and(inNode(node, false), inArray(questions.questionId, [...ids])))
        .for('update');
    },

    /**
     * Writes the answers of one page in ONE statement (a VALUES list joined to the rows, checked against
     * the versions the page loaded), keeping a version row for each. Returns how many were written.
     */
    async save(providerId: number, changes: readonly AnswerChange[], userId: number, now: Date) {
      const values = sql.join(
        changes.map(
          (ch) =>
            sql`(${ch.questionId}::int, ${ch.version}::int, ${`{${ch.correctChoices.join(',')}}`}::smallint[], ${ch.numericAnswer}::float8)`,
        ),
        sql`, `,
      );
      const r = await db.execute(sql`
        with input(question_id, version, correct_choices, numeric_answer) as (values ${values}),
        u as (
          update ${questions} q set correct_choices = i.correct_choices, numeric_answer = i.numeric_answer,
            version = q.version + 1, updated_by = ${userId}, updated_date = ${now}
          from input i
          where q.question_id = i.question_id and q.version = i.version and q.provider_id = ${providerId}
            and q.status <> ${QuestionStatus.Published}
          returning q.*
        ), v as (
          insert into ${questionVersions} (question_id, version, snapshot, created_by, created_date)
          select u.question_id, u.version, to_jsonb(u), ${userId}, ${now} from u
          returning 1
        )
        select count(*)::int as n from v`);
      return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
    },
  };
}
export type AnswersRepository = ReturnType<typeof createAnswersRepository>;
