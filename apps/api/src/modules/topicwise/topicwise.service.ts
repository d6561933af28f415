import { QuestionType } from '@assess/contracts/questions';
import {
  configurationPrivileges,
  lockedConfigurationFields,
  newTestConfiguration,
  TestStatus,
  testEditorMessages,
} from '@assess/contracts/tests';
import {
  topicwiseMessages as m,
  type PlannedTest,
  planTests,
  type TopicwiseCreate,
  type TopicwiseResult,
} from '@assess/contracts/topicwise';
import { assertWithinLicence } from '../../platform/access/licence';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { AppError, badRequest, forbidden, isUniqueViolation } from '../../platform/http/errors';
import { assertOwnLists } from '../configuration';
import type { QuestionFilter, TopicwiseRepository } from './topicwise.repository';

export type TopicwiseCaller = Pick<Principal, 'providerId' | 'userId' | 'licence'>;
type RouteCaller = TopicwiseCaller & Pick<Principal, 'privileges'>;
type Repos = { topicwise: TopicwiseRepository };

/** More tests than this in one request run as a background task (task manager). */
export const TOPICWISE_SYNC_MAX = 50;

/** What a checked request will write: the tests to create and those skipped because their code or name exists. */
type Checked = {
  filter: QuestionFilter;
  toCreate: PlannedTest[];
  skipped: PlannedTest[];
  codeClash: boolean;
};
export type TopicwiseOutcome = { created: string[]; skipped: string[]; requested: number };

const typeLabel = (t: number) => (t === QuestionType.SCQ ? 'SCQ' : 'NUMERICAL');

/** A partial creation (§8): non-200 with the message and the codes that were not created. */
export const partialResult = (o: TopicwiseOutcome) =>
  new AppError(409, m.partial(o.created.length, o.requested), { codes: o.skipped });

/**
 * Topic-wise creation (part 3 §4, §5 "Topic-wise wizard", §8 "Topic-wise create"): setCount Draft tests per
 * leaf topic (or setCount combined tests over all the chosen topics), codes and names from the prefixes, each
 * with one section holding fixed Ready/Published questions of its topic by type. Every refusal (a topic that is
 * not the caller's or not a leaf, too few questions, the licence) comes before anything is written; the writes
 * run in one transaction. Tests whose code or name already exists are skipped (a partial result).
 */
export function createTopicwiseService(deps: {
  topicwise: TopicwiseRepository;
  withTransaction: UnitOfWork<Repos>;
  clock: () => Date;
}) {
  /** The request checked against the bank (topics, objectives, supply) and the existing tests (clashes). */
  async function check(c: TopicwiseCaller, body: TopicwiseCreate, combined: boolean, r: TopicwiseRepository) {
    const { topics: t, poolconfiguration: p, testconfiguration: cfg } = body;
    const topicIds = [...new Set(t.topicIds)];
    const found = await r.topics(c.providerId, topicIds);
    if (found.length !== topicIds.length)
      throw badRequest(m.unknownTopic, { 'topics.topicIds': [m.unknownTopic] });
    const branch = found.find((x) => x.hasChildren);
    if (branch) throw badRequest(m.notLeaf(branch.name), { 'topics.topicIds': [m.notLeaf(branch.name)] });
    await assertOwnLists(r.configurationIds, c.providerId, t, testEditorMessages);
    const questionLists = { objective: p.questionObjective, targetAudience: p.questionTargetAudience };
    await assertOwnLists(r.configurationIds, c.providerId, questionLists, testEditorMessages);

    const filter: QuestionFilter = {
      providerId: c.providerId,
      topicIds,
      objective: p.questionObjective,
      targetAudience: p.questionTargetAudience,
      combined,
    };
    const supply = await r.supply(filter);
    const perSet = p.isAllowPrevAddedQuestions === 1 ? 1 : p.setCount;
    const shortfalls: string[] = [];
    const groups = combined ? [{ topicId: 0, name: found.map((x) => x.name).join(', ') }] : found;
    const ordered = topicIds.map((id) => groups.find((g) => g.topicId === id) ?? groups[0]);
    for (const g of combined ? groups : ordered)
      for (const [type, n] of [
        [QuestionType.SCQ, p.scqQuestionsCount],
        [QuestionType.Numerical, p.numericalQuestionsCount],
      ] as const) {
        const need = n * perSet;
        const have = supply.find((s) => s.topicId === g.topicId && s.questionType === type)?.n ?? 0;
        if (have < need) shortfalls.push(m.tooFewQuestions(g.name, typeLabel(type), have, need));
      }
    if (shortfalls.length) throw badRequest(shortfalls[0], { 'topics.topicIds': shortfalls });

    const planned = planTests({
      topics: ordered.map((x) => ({ topicId: x.topicId, name: x.name })),
      combined,
      setCount: p.setCount,
      codePrefix: cfg.testCodePrefix,
      namePrefix: cfg.testNamePrefix,
    });
    const taken = await r.taken(
      c.providerId,
      planned.map((x) => x.code),
      planned.map((x) => x.name),
    );
    const clashes = (x: PlannedTest) =>
      taken.codes.has(x.code.toLowerCase()) || taken.names.has(x.name.toLowerCase());
    return {
      filter,
      toCreate: planned.filter((x) => !clashes(x)),
      skipped: planned.filter(clashes),
      codeClash: planned.some((x) => taken.codes.has(x.code.toLowerCase())),
    };
  }

  /** The writes: tests, their sections, their questions (three set-based statements). */
  async function write(c: TopicwiseCaller, body: TopicwiseCreate, checked: Checked, r: TopicwiseRepository) {
    const { poolconfiguration: p, testconfiguration: cfg, topics: t } = body;
    const now = deps.clock();
    const audit = { createdBy: c.userId, createdDate: now, updatedBy: c.userId, updatedDate: now };
    const inserted = await r.insertTests(
      checked.toCreate.map((x) => ({
        providerId: c.providerId,
        code: x.code,
        name: x.name,
        testType: 0,
        status: TestStatus.Draft,
        isActive: false,
        objectiveIds: t.objective,
        targetAudienceIds: t.targetAudience,
        description: cfg.objectiveText,
        welcomeMessage: cfg.welcomeMessage,
        concludeMessage: cfg.concludeMessage,
        passFeedback: cfg.passFeedback,
        failFeedback: cfg.failFeedback,
        masteryFeedback: cfg.masteryFeedback,
        duration: cfg.duration,
        passingScore: cfg.passingScore,
        masteryScore: cfg.masteryScore,
        totalScore: p.questionsAllowed * p.pointsPerQuestion,
        attemptsAllowed: cfg.attemptsAllowed,
        questionsPerPage: cfg.questionsPerPage,
        pointsPerQuestion: p.pointsPerQuestion,
        expiryDate: cfg.expiryDate,
        navigationAllowed: cfg.navigationAllowed,
        showHint: cfg.showHint,
        showBookmark: cfg.showBookmark,
        showResult: cfg.showResult,
        showTimer: cfg.showTimer,
        ...audit,
      })),
    );
    const byCode = new Map(inserted.map((x) => [x.code, x.testId]));
    const planOf = new Map(checked.toCreate.map((x) => [byCode.get(x.code) as number, x]));
    const poolRows = await r.insertPools(
      inserted.map((x) => ({
        testId: x.testId,
        providerId: c.providerId,
        code: 'S1',
        name: (planOf.get(x.testId)?.name ?? x.code).slice(0, 200),
        sequenceId: 1,
        questionCount: p.questionsAllowed,
        maxQuestionForScore: p.questionsAllowed,
        pointsPerQuestion: p.pointsPerQuestion,
        questionTypes: [
          ...(p.scqQuestionsCount ? [QuestionType.SCQ] : []),
          ...(p.numericalQuestionsCount ? [QuestionType.Numerical] : []),
        ],
        ...audit,
      })),
    );
    await r.fill(
      checked.filter,
      {
        scq: p.scqQuestionsCount,
        numerical: p.numericalQuestionsCount,
        setCount: p.setCount,
        reuse: p.isAllowPrevAddedQuestions === 1,
        isMandatory: p.isMandatory,
        userId: c.userId,
        now,
      },
      poolRows.map((x) => {
        const plan = planOf.get(x.testId) as PlannedTest;
        return { poolId: x.poolId, topicId: plan.topicId ?? 0, setNo: plan.setNo };
      }),
    );
    return inserted.map((x) => x.code);
  }

  /** Checks and writes in one transaction (the background task's run, and small requests). */
  async function createNow(
    c: TopicwiseCaller,
    body: TopicwiseCreate,
    combined: boolean,
    progress?: (p: number) => Promise<void>,
  ) {
    const outcome = await deps
      .withTransaction(async ({ topicwise: r }) => {
        await r.lockProvider(c.providerId);
        const checked = await check(c, body, combined, r);
        assertWithinLicence(c, 'Tests', await r.countTests(c.providerId), checked.toCreate.length);
        await progress?.(20);
        const created = checked.toCreate.length ? await write(c, body, checked, r) : [];
        return {
          created,
          skipped: checked.skipped.map((x) => x.code),
          requested: checked.toCreate.length + checked.skipped.length,
          codeClash: checked.codeClash,
        };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'tests_code_uq')) throw badRequest(m.codeExists);
        if (isUniqueViolation(err, 'tests_name_uq')) throw badRequest(m.nameExists);
        throw err;
      });
    return outcome;
  }

  return {
    check: (c: TopicwiseCaller, body: TopicwiseCreate, combined: boolean) =>
      check(c, body, combined, deps.topicwise),
    createNow,

    /** §5 the topic step's early check: the caller's tests (as the Tests limit counts them) and the limit. */
    async count(c: TopicwiseCaller) {
      return { count: await deps.topicwise.countTests(c.providerId), limit: c.licence.Tests };
    },

    /**
     * The route: refusals first (nothing written); everything clashing → 200 with 'Test Code already exists' /
     * 'Test Name already exists'; more than 50 tests → a background task; else created now (409 when partial).
     */
    async create(
      c: RouteCaller,
      body: TopicwiseCreate,
      combined: boolean,
      queue: (count: number) => Promise<number>,
    ): Promise<TopicwiseResult> {
      // §6: a configuration field guarded by a privilege keeps the new-test default without it (as the editor)
      const cfg = body.testconfiguration as Record<string, unknown>;
      const refused = lockedConfigurationFields(c).filter(
        (f) => f in cfg && cfg[f] !== newTestConfiguration[f],
      );
      if (refused.length)
        throw forbidden(
          `${testEditorMessages.privilegeRequired} ${refused.map((f) => configurationPrivileges[f]).join(', ')}`,
        );
      const checked = await check(c, body, combined, deps.topicwise);
      if (!checked.toCreate.length)
        return {
          message: checked.codeClash ? m.codeExists : m.nameExists,
          created: [],
          codes: checked.skipped.map((x) => x.code),
          taskId: null,
        };
      assertWithinLicence(c, 'Tests', await deps.topicwise.countTests(c.providerId), checked.toCreate.length);
      if (checked.toCreate.length > TOPICWISE_SYNC_MAX) {
        const taskId = await queue(checked.toCreate.length);
        return { message: m.queued(checked.toCreate.length), created: [], codes: [], taskId };
      }
      const outcome = await createNow(c, body, combined);
      if (outcome.skipped.length) throw partialResult(outcome);
      if (!outcome.created.length)
        return {
          message: outcome.codeClash ? m.codeExists : m.nameExists,
          created: [],
          codes: outcome.skipped,
          taskId: null,
        };
      return { message: null, created: outcome.created, codes: [], taskId: null };
    },
  };
}
export type TopicwiseService = ReturnType<typeof createTopicwiseService>;
