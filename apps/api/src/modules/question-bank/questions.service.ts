import { hasPrivilege } from '@assess/contracts/access';
import {
  ContentFilter,
  createIssue,
  questionMessages as m,
  mayUseQuestionType,
  type QuestionCreate,
  type QuestionDetail,
  type QuestionGrid,
  type QuestionGridQuery,
  QuestionStatus,
  type QuestionStatusId,
  type QuestionUpdate,
  statusChangeIssue,
  updateIssue,
} from '@assess/contracts/questions';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/http/errors';
import { assertOwnLists } from '../configuration';
import { columnsOf, imageIdsOf, storedContent, toDetail, toPreview } from './question-content';
import type { NodeFilter, QuestionGridRepository } from './question-grid.repository';
import type { QuestionUsages } from './question-usages';
import type { QuestionRow, QuestionScope, QuestionsRepository } from './questions.repository';
import type { TreeRepository } from './tree.repository';

export type QuestionCaller = Pick<Principal, 'providerId' | 'userId' | 'contentProviderIds' | 'privileges'>;
type Repos = { questions: QuestionsRepository; tree: TreeRepository };

/** Everything the caller may read: own questions and its content providers' Published ones. */
export const readScope = (c: QuestionCaller): QuestionScope => ({
  ownProviderId: c.providerId,
  contentProviderIds: c.contentProviderIds,
});
const canPublish = (c: QuestionCaller) => hasPrivilege(c, 'Question', 'PublishQuestion');
const isForeignKeyViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code) === '23503';

/**
 * Resolves a grid's node filter (topicId or categoryId) among the nodes the caller can see: its own and
 * its content providers'. Another provider's node is "not found".
 */
export async function resolveNode(
  tree: TreeRepository,
  c: QuestionCaller,
  q: { topicId?: number; categoryId?: number },
): Promise<NodeFilter | undefined> {
  const providerIds = [c.providerId, ...c.contentProviderIds];
  if (q.topicId !== undefined) {
    const t = await tree.topic(q.topicId, providerIds);
    if (!t) throw notFound();
    return { providerId: t.providerId, path: t.path };
  }
  if (q.categoryId !== undefined) {
    const cat = await tree.category(q.categoryId, providerIds);
    if (!cat) throw notFound();
    return { providerId: cat.providerId, path: cat.path };
  }
  return undefined;
}

/**
 * Questions (part 2 §2–§8): grid, detail, preview, create, update, publish, delete. The lifecycle and
 * content rules are the contracts' pure rules, applied again here to what will be stored (after the HTML
 * allow-list); every write keeps an immutable version row.
 */
export function createQuestionsService(deps: {
  questions: QuestionsRepository;
  grid: QuestionGridRepository;
  tree: TreeRepository;
  usages: QuestionUsages;
  withTransaction: UnitOfWork<Repos>;
  clock: () => Date;
}) {
  async function detailOf(repos: Repos, c: QuestionCaller, q: QuestionRow, providerName?: string) {
    const [topics, currentVersionId, names] = await Promise.all([
      repos.questions.topicsOf(q.questionId),
      repos.questions.versionId(q.questionId, q.version),
      providerName === undefined ? repos.tree.providerNames([q.providerId]) : undefined,
    ]);
    const pathNames = await repos.tree.namesOnPaths(topics.map((t) => t.path));
    return toDetail(q, {
      providerName: providerName ?? names?.get(q.providerId) ?? '',
      callerProviderId: c.providerId,
      topics: topics.map((t) => ({
        topicId: t.topicId,
        name: t.name,
        pathNames: t.path
          .split('/')
          .filter(Boolean)
          .map((seg) => pathNames.get(seg) ?? ''),
      })),
      currentVersionId,
    });
  }

  /** The references of a body must be the caller's: topics (404), images (404), objective / target audience (400). */
  async function checkReferences(repos: Repos, c: QuestionCaller, b: QuestionCreate) {
    const topicIds = await repos.tree.ownTopicIds(c.providerId, b.topicIds);
    if (topicIds.length !== b.topicIds.length) throw notFound(m.invalidTopic);
    const images = imageIdsOf(b);
    if ((await repos.questions.ownImageIds(c.providerId, images)).length !== images.length)
      throw notFound(m.invalidImage);
    await assertOwnLists(repos.questions.configurationIds, c.providerId, b, m);
  }

  const codeTaken = (err: unknown): never => {
    if (isUniqueViolation(err)) throw badRequest(m.codeTaken, { code: [m.codeTaken] });
    throw err;
  };

  return {
    async grid(c: QuestionCaller, q: QuestionGridQuery): Promise<QuestionGrid> {
      const node = await resolveNode(deps.tree, c, q);
      const scope: QuestionScope = {
        ownProviderId: q.contentFilter === ContentFilter.Subscribed ? null : c.providerId,
        contentProviderIds: q.contentFilter === ContentFilter.Owned ? [] : c.contentProviderIds,
      };
      const page = await deps.grid.page({ ...q, scope, node }, q.pageNumber, q.pageSize);
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => ({
          ...r,
          questionType: r.questionType as QuestionDetail['questionType'],
          contentType: r.contentType as QuestionDetail['contentType'],
          status: r.status as QuestionDetail['status'],
          difficultyLevel: r.difficultyLevel as QuestionDetail['difficultyLevel'],
          owned: r.providerId === c.providerId,
        })),
      };
    },

    async get(c: QuestionCaller, questionId: number): Promise<QuestionDetail> {
      const q = await deps.questions.visible(questionId, readScope(c));
      if (!q) throw notFound();
      return detailOf(deps, c, q, q.providerName);
    },

    async preview(c: QuestionCaller, questionId: number) {
      const q = await deps.questions.visible(questionId, readScope(c));
      if (!q) throw notFound();
      return toPreview(q);
    },

    async create(c: QuestionCaller, body: QuestionCreate) {
      if (!mayUseQuestionType(c, body.questionType)) throw forbidden(m.noNumericalPrivilege);
      const statusIssue = statusChangeIssue(null, body.status, canPublish(c));
      if (statusIssue) throw badRequest(statusIssue);
      const b = storedContent(body);
      const issue = createIssue(b);
      if (issue) throw badRequest(issue);
      const detail = await deps.withTransaction(async (repos) => {
        await checkReferences(repos, c, b);
        const now = deps.clock();
        const q = await repos.questions
          .insert({
            ...columnsOf(b, c.userId, now, null),
            providerId: c.providerId,
            createdBy: c.userId,
            createdDate: now,
          })
          .catch(codeTaken);
        await repos.questions.setTopics(q.questionId, b.topicIds);
        await repos.questions.snapshot(q.questionId, c.userId, now);
        return detailOf(repos, c, q);
      });
      return { message: m.created, question: detail };
    },

    async update(c: QuestionCaller, questionId: number, body: QuestionUpdate) {
      const detail = await deps.withTransaction(async (repos) => {
        const stored = await repos.questions.lockOwn(questionId, c.providerId);
        if (!stored) throw notFound();
        if (stored.status === QuestionStatus.Published) throw badRequest(m.publishedNotEditable);
        if (stored.version !== body.version) throw conflict(m.staleVersion);
        if (stored.questionType !== body.questionType || stored.contentType !== body.contentType)
          throw badRequest(m.typeFixed);
        if (stored.code.toLowerCase() !== body.code.toLowerCase()) throw badRequest(m.codeFixed);
        const statusIssue = statusChangeIssue(stored.status as QuestionStatusId, body.status, canPublish(c));
        if (statusIssue) throw badRequest(statusIssue);
        const b = storedContent(body);
        const issue = updateIssue(b);
        if (issue) throw badRequest(issue);
        await checkReferences(repos, c, b);
        const now = deps.clock();
        const q = await repos.questions.update(questionId, {
          ...columnsOf(b, c.userId, now, stored),
          code: stored.code,
        });
        await repos.questions.setTopics(questionId, b.topicIds);
        await repos.questions.snapshot(questionId, c.userId, now);
        return detailOf(repos, c, q);
      });
      return { message: m.updated, question: detail };
    },

    async publish(c: QuestionCaller, questionId: number) {
      const detail = await deps.withTransaction(async (repos) => {
        const stored = await repos.questions.lockOwn(questionId, c.providerId);
        if (!stored) throw notFound();
        const issue = statusChangeIssue(
          stored.status as QuestionStatusId,
          QuestionStatus.Published,
          canPublish(c),
        );
        if (issue) throw badRequest(issue === m.publishedNotEditable ? m.publishedStatusLocked : issue);
        const now = deps.clock();
        const q = await repos.questions.update(questionId, {
          status: QuestionStatus.Published,
          isActive: true,
          updatedBy: c.userId,
          updatedDate: now,
        });
        await repos.questions.snapshot(questionId, c.userId, now);
        return detailOf(repos, c, q);
      });
      return { message: m.published, question: detail };
    },

    async delete(c: QuestionCaller, questionId: number) {
      // Usages read through their own handle, so they are asked before the transaction opens (PGlite has one
      // connection: a read outside an open transaction waits for it). A usage added in between is refused by
      // its foreign key below.
      const used = await deps.usages.inUse([questionId]);
      await deps.withTransaction(async (repos) => {
        const stored = await repos.questions.lockOwn(questionId, c.providerId);
        if (!stored) throw notFound();
        if (stored.status === QuestionStatus.Published) throw badRequest(m.publishedNotDeletable);
        if (used) throw conflict(m.inUse(used.label));
        await repos.questions.delete(questionId).catch((err) => {
          // A later area's row references the question or one of its versions without registering a usage.
          if (isForeignKeyViolation(err)) throw conflict(m.inUse('another record'));
          throw err;
        });
      });
      return { message: m.deleted };
    },
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;
