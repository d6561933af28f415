import { hasPrivilege } from '@assess/contracts/access';
import type { answersSaveSchema } from '@assess/contracts/questions';
import {
  ANSWER_PAGE_SIZE,
  type AnswersPage,
  answerMessages as am,
  answerIssue,
  answersReadOnly,
  answersSubmitDisabled,
  hasAnswers,
  questionMessages as m,
  QuestionStatus,
} from '@assess/contracts/questions';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import type { AnswersRepository } from './answers.repository';
import { choiceViews } from './question-content';
import type { TreeRepository } from './tree.repository';

export type AnswerCallerP = Pick<
  Principal,
  'providerId' | 'providerTypeId' | 'roles' | 'userId' | 'contentProviderIds' | 'privileges'
>;

/**
 * Answer setting (§2, §4, §8): a topic's questions 10 a page, at most 500 a session; the read-only rules
 * of §2 apply on the server too (a save needs an own hierarchy, SetAnswer and a first role other than 8).
 */
export function createAnswersService(deps: {
  answers: AnswersRepository;
  tree: TreeRepository;
  withTransaction: UnitOfWork<{ answers: AnswersRepository; tree: TreeRepository }>;
  clock: () => Date;
}) {
  return {
    async page(c: AnswerCallerP, topicId: number, pageNumber: number): Promise<AnswersPage> {
      const topic = await deps.tree.topic(topicId, [c.providerId, ...c.contentProviderIds]);
      if (!topic) throw notFound();
      const foreign = topic.providerId !== c.providerId;
      const readOnly =
        answersReadOnly(c, topic.providerId) || foreign || !hasPrivilege(c, 'CategoryTopic', 'SetAnswer');
      const { items, totalCount } = await deps.answers.page(
        topic,
        foreign,
        (pageNumber - 1) * ANSWER_PAGE_SIZE,
        ANSWER_PAGE_SIZE,
      );
      return {
        topicId,
        topicName: topic.name,
        readOnly,
        submitDisabled: answersSubmitDisabled(c, topic.providerId) || readOnly,
        pageNumber,
        pageSize: ANSWER_PAGE_SIZE,
        totalCount,
        items: items.map(({ q, topicName }) => ({
          questionId: q.questionId,
          code: q.code,
          topicName: topicName ?? topic.name,
          questionType: q.questionType as AnswersPage['items'][number]['questionType'],
          contentType: q.contentType as AnswersPage['items'][number]['contentType'],
          choiceFormat: q.choiceFormat,
          status: q.status as AnswersPage['items'][number]['status'],
          text: q.text,
          image: q.imageId,
          choices: choiceViews(q.choiceFormat, q.choices),
          correctChoices: q.correctChoices,
          numericAnswer: q.numericAnswer,
          solutionText: q.solutionText,
          solutionImage: q.solutionImageId,
          version: q.version,
          readOnly: readOnly || q.status === QuestionStatus.Published,
        })),
      };
    },

    async save(c: AnswerCallerP, topicId: number, body: z.output<typeof answersSaveSchema>) {
      const ids = body.answers.map((a) => a.questionId);
      if (new Set(ids).size !== ids.length) throw badRequest(am.notSaved);
      const n = await deps.withTransaction(async ({ answers, tree }) => {
        const topic = await tree.topic(topicId, [c.providerId, ...c.contentProviderIds]);
        if (!topic) throw notFound();
        if (topic.providerId !== c.providerId || answersReadOnly(c, topic.providerId))
          throw forbidden(am.readOnly);
        const rows = new Map((await answers.lockInNode(topic, ids)).map((q) => [q.questionId, q]));
        for (const a of body.answers) {
          const q = rows.get(a.questionId);
          if (!q) throw notFound(am.notInTopic);
          if (q.status === QuestionStatus.Published) throw badRequest(m.publishedNotEditable);
          if (q.version !== a.version) throw conflict(am.stale);
          const answer = { ...q, correctChoices: a.correctChoices, numericAnswer: a.numericAnswer };
          const issue = answerIssue(answer);
          if (issue) throw badRequest(issue);
          if (q.status >= QuestionStatus.Ready && !hasAnswers(answer)) throw badRequest(m.readyNeedsAnswers);
        }
        const written = await answers.save(c.providerId, body.answers, c.userId, deps.clock());
        if (written !== body.answers.length) throw conflict(am.stale);
        return written;
      });
      return { message: am.saved, updatedCount: n };
    },
  };
}
export type AnswersService = ReturnType<typeof createAnswersService>;
