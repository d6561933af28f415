import { hasPrivilege } from '@assess/contracts/access';
import type { QuestionCreate, QuestionGridQuery } from '@assess/contracts/questions';
import {
  sectionOwnMessages as own,
  type PoolTopicsInput,
  type poolTopicsSchema,
  type SectionQuestion,
  sectionQuestionTopicsMissing,
} from '@assess/contracts/sections';
import { sectionMessages as m, testMessages } from '@assess/contracts/tests';
import type { z } from 'zod';
import { assertWithinLicence } from '../../platform/access/licence';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import type { QuestionsService } from '../question-bank';
import { assertTestEditable } from '../tests';
import { assertMayUpdateTest, editablePool, readablePool, rowOf, type SectionCaller } from './section-access';
import type { SectionsRepository } from './sections.repository';

type Repos = { sections: SectionsRepository };
type PoolTopics = z.output<typeof poolTopicsSchema>;

export type { PoolTopicsInput };

/** A generated code of a question written in a section: letters, digits and '-', at most 20. */
export function generatedCode(poolId: number, now: Date, random: () => number = Math.random) {
  const stamp = now.getTime().toString(36).slice(-6).toUpperCase();
  const tail = Math.floor(random() * 36 * 36)
    .toString(36)
    .padStart(2, '0')
    .toUpperCase();
  return `S${poolId}-${stamp}${tail}`.slice(0, 20);
}

/**
 * A section's questions (part 2 §4 Sections, §7 PoolQuestionMappings; part 3 §7 questionsByTopics): fixed picks
 * from the picker (the question bank's grid), the mandatory and lock flags, order and removal; topics drawn at
 * random per attempt; and questions written directly in the section through the question bank's create.
 */
export function createSectionQuestionsService(deps: {
  sections: SectionsRepository;
  questions: Pick<QuestionsService, 'grid' | 'create'>;
  withTransaction: UnitOfWork<Repos>;
  clock: () => Date;
}) {
  /** A fixed question of an editable section; a locked one refuses changes other than unlocking. */
  async function editableQuestion(repos: Repos, c: SectionCaller, poolId: number, questionId: number) {
    const found = await editablePool(repos, c, poolId);
    const pq = await repos.sections.poolQuestion(poolId, questionId);
    if (!pq) throw notFound();
    return { ...found, pq };
  }

  /** Refuses more fixed questions than the section's Number of Questions Allowed. */
  function assertWithinAllowed(allowed: number, held: number, adding: number) {
    if (held + adding > allowed) throw badRequest(own.moreThanAllowed(allowed, held));
  }

  /**
   * Adds questions at the end of an editable section, within its Number of Questions Allowed and the package's
   * TestSectionQuestions.
   */
  async function append(repos: Repos, c: SectionCaller, poolId: number, questionIds: number[]) {
    const { pool } = await editablePool(repos, c, poolId);
    const usable = await repos.sections.usableQuestions(questionIds, c.providerId, c.contentProviderIds);
    if (usable.length !== questionIds.length) throw notFound(own.questionNotAvailable);
    const present = new Set(await repos.sections.inPool(poolId, questionIds));
    const fresh = questionIds.filter((id) => !present.has(id));
    const current = await repos.sections.countPoolQuestions(poolId);
    if (fresh.length) assertWithinAllowed(pool.questionCount, current, fresh.length);
    if (fresh.length) assertWithinLicence(c, 'TestSectionQuestions', current, fresh.length);
    await repos.sections.appendQuestions(poolId, fresh, c.userId, deps.clock());
    return fresh.length;
  }

  return {
    async page(c: SectionCaller, poolId: number, pageNumber: number, pageSize: number) {
      await readablePool(deps.sections, c, poolId);
      const page = await deps.sections.poolQuestionsPage(poolId, pageNumber, pageSize);
      return {
        totalCount: page.totalCount,
        items: page.items.map(({ questionProviderId, ...r }) => ({
          ...r,
          owned: questionProviderId === c.providerId,
          questionType: r.questionType as 1 | 2 | 3 | 4,
          contentType: r.contentType as 1 | 3 | 4,
          status: r.status as 1 | 2 | 3,
          difficultyLevel: r.difficultyLevel as 1 | 2 | 3,
        })),
      };
    },

    /** The picker: the question bank's grid for the caller, each row marked when already in the section. */
    async picker(c: SectionCaller, poolId: number, query: QuestionGridQuery) {
      // a read: the editability rule without the test's row lock
      const found = await deps.sections.pool(poolId, [c.providerId]);
      if (!found) throw notFound();
      assertTestEditable(found.test, c);
      const grid = await deps.questions.grid(c, query);
      const present = new Set(
        await deps.sections.inPool(
          poolId,
          grid.items.map((r) => r.questionId),
        ),
      );
      return {
        totalCount: grid.totalCount,
        items: grid.items.map((r) => ({ ...r, inSection: present.has(r.questionId) })),
      };
    },

    async add(c: SectionCaller, poolId: number, questionIds: number[]) {
      const added = await deps.withTransaction((repos) => append(repos, c, poolId, questionIds));
      return { message: m.questionsAdded, added };
    },

    async remove(c: SectionCaller, poolId: number, questionId: number) {
      await deps.withTransaction(async (repos) => {
        const { pq } = await editableQuestion(repos, c, poolId, questionId);
        if (pq.isLocked) throw badRequest(own.questionLocked);
        await repos.sections.removeQuestion(poolId, questionId, pq.sequence);
      });
      return { message: m.questionDeleted };
    },

    async move(c: SectionCaller, poolId: number, questionId: number, direction: 'up' | 'down') {
      await deps.withTransaction(async (repos) => {
        const { pq } = await editableQuestion(repos, c, poolId, questionId);
        if (pq.isLocked) throw badRequest(own.questionLocked);
        const other = await repos.sections.neighbourQuestion(poolId, pq.sequence, direction);
        if (!other) return;
        await repos.sections.setQuestionFlags(poolId, questionId, { sequence: other.sequence });
        await repos.sections.setQuestionFlags(poolId, other.questionId, { sequence: pq.sequence });
      });
      return { message: testMessages.updated };
    },

    async lock(c: SectionCaller, poolId: number, questionId: number, lock: boolean) {
      await deps.withTransaction(async (repos) => {
        await editableQuestion(repos, c, poolId, questionId);
        await repos.sections.setQuestionFlags(poolId, questionId, {
          isLocked: lock,
          lockedBy: lock ? c.userId : null,
        });
      });
      return { message: lock ? own.questionLockedDone : own.questionUnlockedDone };
    },

    /** MandatoryQuestion (the route) and UpdateTest: every attempt gets a mandatory question. */
    async mandatory(c: SectionCaller, poolId: number, questionId: number, isMandatory: boolean) {
      assertMayUpdateTest(c);
      await deps.withTransaction(async (repos) => {
        const { pq } = await editableQuestion(repos, c, poolId, questionId);
        if (pq.isLocked) throw badRequest(own.questionLocked);
        await repos.sections.setQuestionFlags(poolId, questionId, { isMandatory });
      });
      return { message: isMandatory ? own.mandatorySet : own.mandatoryCleared };
    },

    /** AssignTopicsToPool (the route) and UpdateTest: topics drawn at random per attempt. */
    async setTopics(c: SectionCaller, poolId: number, body: PoolTopics) {
      assertMayUpdateTest(c);
      const section = await deps.withTransaction(async (repos) => {
        const { pool, test } = await editablePool(repos, c, poolId);
        const usable = await repos.sections.usableTopics(body.topicIds, [
          c.providerId,
          ...c.contentProviderIds,
        ]);
        if (usable.length !== body.topicIds.length) throw notFound(own.topicNotAvailable);
        await repos.sections.setTopics(poolId, body.topicIds);
        const saved = await repos.sections.updatePool(pool.poolId, {
          randomizeType: body.topicIds.length ? body.randomizeType : 0,
          questionsPerTopic: body.questionsPerTopic,
          questionTypes: body.questionTypes,
          updatedBy: c.userId,
          updatedDate: deps.clock(),
        });
        return rowOf(repos.sections, saved, test.providerId);
      });
      return { message: m.topicsAdded, warning: section.warning, section };
    },

    /**
     * The section question dialog: the question is created in the bank (its rules, its version row) and then
     * added to the section. The section's limits are checked before the question is written.
     */
    async create(c: SectionCaller, poolId: number, body: SectionQuestion) {
      if (!hasPrivilege(c, 'Question', 'CreateQuestion')) throw forbidden(own.noCreateQuestionPrivilege);
      await deps.withTransaction(async (repos) => {
        const { pool } = await editablePool(repos, c, poolId);
        // the code is generated here, so the bank's 'Code, Topics and, ...' would name what the author never typed
        const missing = sectionQuestionTopicsMissing(body);
        if (missing) throw badRequest(missing);
        const held = await repos.sections.countPoolQuestions(poolId);
        assertWithinAllowed(pool.questionCount, held, 1);
        assertWithinLicence(c, 'TestSectionQuestions', held);
      });
      const code = body.code || generatedCode(poolId, deps.clock());
      const created = await deps.questions.create(c, { ...body, code } as QuestionCreate);
      await deps.withTransaction((repos) => append(repos, c, poolId, [created.question.questionId]));
      return { message: m.questionCreated, question: created.question };
    },
  };
}
export type SectionQuestionsService = ReturnType<typeof createSectionQuestionsService>;
