import type { ReviewOptions } from '@assess/contracts/learner';
import { questionMessages } from '@assess/contracts/questions';
import type { SectionSupply } from '@assess/contracts/sections';
import {
  configurationPrivileges,
  lockedConfigurationFields,
  readinessRefusal,
  type TestCreate,
  type TestDetail,
  TestStatus,
  type TestUpdate,
  testEditorMessages,
  testLimits,
  testMessages,
  testReadiness,
} from '@assess/contracts/tests';
import { assertWithinLicence } from '../../platform/access/licence';
import type { ContentCaller } from '../../platform/auth/principal';
import { newRowAudit } from '../../platform/db/audit';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { sanitizeRichHtml } from '../../platform/html/sanitize';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/http/errors';
import { assertOwnLists } from '../configuration';
import { assertTestEditable, isTestFrozen, settingsAnswer, testReadOnlyReason } from './test-editable';
import type { TestEditorRepository, TestRow } from './test-editor.repository';
import { buildPreview } from './test-preview';

export type TestCaller = ContentCaller;
type Repos = { tests: TestEditorRepository };

/** A save's answer: the test's new version and status, or a conflict when another save came first. */
function saved(testId: number, row: Pick<TestRow, 'version' | 'status'> | undefined, message: string) {
  if (!row) throw conflict(testMessages.conflict);
  return { testId, version: row.version, status: row.status, message };
}

/** By the owning provider only, and not while another user holds the lock. */
function assertOwnerUnlocked(test: Pick<TestRow, 'providerId' | 'isLocked' | 'lockedBy'>, c: TestCaller) {
  if (test.providerId !== c.providerId) throw forbidden(testMessages.notOwner);
  if (test.isLocked && test.lockedBy !== null && test.lockedBy !== c.userId)
    throw forbidden(testMessages.locked);
}

const html = (v: string | null) => sanitizeRichHtml(v) || null;
const OWN_IMAGE_SRC = /\/api\/question-bank\/images\/(\d+)/g;
/** The own images a body's rich text shows (the editor uploads them through the question bank's route). */
const editorImageIds = (b: TestCreate) => [
  ...new Set(
    [b.description, b.welcomeMessage, b.concludeMessage].flatMap((v) =>
      [...(v ?? '').matchAll(OWN_IMAGE_SRC)].map((m) => Number(m[1])),
    ),
  ),
];

/** Readable by the caller: its own tests and its content providers' published ones; anything else is 404. */
function visible(test: TestRow | undefined, c: TestCaller): TestRow {
  if (!test) throw notFound();
  if (test.providerId === c.providerId) return test;
  if (c.contentProviderIds.includes(test.providerId) && isTestFrozen(test)) return test;
  throw notFound();
}

/** The test's content, as stored from a body (rich text sanitised; the information step's fields). */
const informationValues = (b: TestCreate) => ({
  code: b.code,
  name: b.name,
  objectiveIds: b.objective,
  targetAudienceIds: b.targetAudience,
  description: html(b.description),
  welcomeMessage: html(b.welcomeMessage),
  concludeMessage: html(b.concludeMessage),
});

const toDetail = (t: TestRow, c: TestCaller): TestDetail => ({
  testId: t.testId,
  providerId: t.providerId,
  code: t.code,
  name: t.name,
  objective: t.objectiveIds,
  targetAudience: t.targetAudienceIds,
  description: t.description,
  welcomeMessage: t.welcomeMessage,
  concludeMessage: t.concludeMessage,
  difficultyLevel: t.difficultyLevel,
  duration: t.duration,
  passingScore: t.passingScore,
  masteryScore: t.masteryScore,
  totalScore: t.totalScore,
  attemptsAllowed: t.attemptsAllowed,
  ...settingsAnswer(t),
  passFeedback: t.passFeedback,
  failFeedback: t.failFeedback,
  masteryFeedback: t.masteryFeedback,
  reviewOptions: t.reviewOptions,
  status: t.status,
  isActive: t.isActive,
  isLocked: t.isLocked,
  lockedBy: t.lockedBy,
  version: t.version,
  readOnlyReason: testReadOnlyReason(t, c),
});

/**
 * The full test editor (part 3 §2, §4 "Full test wizard", §5 "Test configuration", §6 configuration
 * privileges): create, read, update with optimistic concurrency, live code/name checks, readiness,
 * activation (Draft → Ready), publish (Ready → Published, content frozen) and preview.
 */
export function createTestEditorService(deps: {
  tests: TestEditorRepository;
  /** The sections area's counting: per section its supply and Draft fixed picks (one counting for both areas). */
  supplyForTest: (testId: number) => Promise<SectionSupply[]>;
  withTransaction: UnitOfWork<Repos>;
  clock: () => Date;
}) {
  async function checkReferences(c: TestCaller, b: TestCreate) {
    await assertOwnLists(deps.tests.configurationIds, c.providerId, b, testEditorMessages);
    // editor images: the provider's own, at most 30 KB each (part 3 §5)
    const images = editorImageIds(b);
    const sizes = await deps.tests.imageSizes(c.providerId, images);
    if (sizes.length !== images.length) throw badRequest(questionMessages.invalidImage);
    if (sizes.some((i) => i.size > testLimits.editorImageMaxBytes))
      throw badRequest(testMessages.editorImageTooBig);
  }

  async function assertFree(
    tests: Pick<TestEditorRepository, 'taken'>,
    c: TestCaller,
    b: TestCreate,
    exceptTestId?: number,
  ) {
    const [code, name] = await Promise.all([
      tests.taken(c.providerId, 'code', b.code, exceptTestId),
      tests.taken(c.providerId, 'name', b.name, exceptTestId),
    ]);
    if (code || name)
      throw badRequest(testMessages.codeOrNameExists, {
        ...(code ? { code: [testMessages.codeExists] } : {}),
        ...(name ? { name: [testMessages.nameExists] } : {}),
      });
  }

  const uniqueRace = (err: unknown): never => {
    if (isUniqueViolation(err)) throw badRequest(testMessages.codeOrNameExists);
    throw err;
  };

  /** §6: a configuration field guarded by a privilege changes only for a holder of it. */
  function assertConfigurationPrivileges(c: TestCaller, stored: TestRow, b: TestUpdate) {
    const refused = lockedConfigurationFields(c).filter((field) => b[field] !== stored[field]);
    if (refused.length)
      throw forbidden(
        `${testEditorMessages.privilegeRequired} ${refused.map((f) => configurationPrivileges[f]).join(', ')}`,
      );
  }

  /** Whose questions the test draws: its owner's, and the caller's content providers' when the caller owns it. */
  const scopeOf = (test: TestRow, c: TestCaller) => ({
    providerId: test.providerId,
    contentProviderIds: test.providerId === c.providerId ? c.contentProviderIds : [],
  });

  async function readinessOf(test: TestRow) {
    const [sections, supply] = await Promise.all([
      deps.tests.sections(test.testId),
      deps.supplyForTest(test.testId),
    ]);
    return testReadiness({
      sections: sections.map((s) => {
        const counted = supply.find((x) => x.poolId === s.poolId);
        return {
          poolId: s.poolId,
          code: s.code,
          name: s.name,
          questionCount: s.questionCount,
          supply: counted?.supply ?? 0,
          fixedNotReady: counted?.fixedNotReady ?? 0,
          fixedCount: counted?.fixedCount ?? 0,
        };
      }),
      configuration: test,
    });
  }

  const load = async (c: TestCaller, testId: number) => visible(await deps.tests.find(testId), c);

  return {
    async create(c: TestCaller, body: TestCreate) {
      await checkReferences(c, body);
      const row = await deps
        .withTransaction(async ({ tests }) => {
          assertWithinLicence(c, 'Tests', await tests.lockAndCountTests(c.providerId));
          await assertFree(tests, c, body);
          return tests.insert({
            providerId: c.providerId,
            ...informationValues(body),
            testType: 0,
            status: TestStatus.Draft,
            isActive: false,
            ...newRowAudit(c.userId, deps.clock()),
          });
        })
        .catch(uniqueRace);
      return saved(row.testId, row, testMessages.createdInDraft);
    },

    async get(c: TestCaller, testId: number): Promise<TestDetail> {
      return toDetail(await load(c, testId), c);
    },

    async update(c: TestCaller, testId: number, body: TestUpdate) {
      const stored = await load(c, testId);
      assertTestEditable(stored, c);
      assertConfigurationPrivileges(c, stored, body);
      await checkReferences(c, body);
      const { version, objective: _o, targetAudience: _t, ...rest } = body;
      const row = await deps
        .withTransaction(async (repos) => {
          await assertFree(repos.tests, c, body, testId);
          return repos.tests.update(testId, version, {
            ...rest,
            ...informationValues(body),
            updatedBy: c.userId,
            updatedDate: deps.clock(),
          });
        })
        .catch(uniqueRace);
      return saved(testId, row, testMessages.detailsSaved);
    },

    /**
     * The review options alone (issue 27): by the owning provider, not while another user holds the lock, in any
     * status — a published test's content stays frozen, what its students see of their attempts may change.
     */
    async saveReviewOptions(c: TestCaller, testId: number, reviewOptions: ReviewOptions) {
      const test = await load(c, testId);
      assertOwnerUnlocked(test, c);
      const row = await deps.tests.update(testId, test.version, {
        reviewOptions,
        updatedBy: c.userId,
        updatedDate: deps.clock(),
      });
      return saved(testId, row, testEditorMessages.reviewOptionsSaved);
    },

    async exists(c: TestCaller, field: 'code' | 'name', value: string, testId?: number) {
      return { exists: await deps.tests.taken(c.providerId, field, value, testId) };
    },

    async readiness(c: TestCaller, testId: number) {
      return readinessOf(await load(c, testId));
    },

    /** Draft → Ready (and active) when the readiness rule holds; a Ready test is checked again and stays. */
    async activate(c: TestCaller, testId: number) {
      const test = await load(c, testId);
      assertTestEditable(test, c);
      const readiness = await readinessOf(test);
      if (!readiness.ready)
        throw badRequest(readinessRefusal(readiness), {
          readiness: readiness.items.flatMap((i) => (i.ok ? [] : i.details)),
        });
      if (test.status === TestStatus.Draft) {
        const moved = await deps.tests.moveStatus(testId, TestStatus.Draft, {
          status: TestStatus.Ready,
          isActive: true,
          updatedBy: c.userId,
          updatedDate: deps.clock(),
        });
        if (!moved) throw conflict(testMessages.conflict);
      }
      return { status: TestStatus.Ready, message: testMessages.activatedAndSaved, readiness };
    },

    /** Ready → Published, by the owner only, when the readiness rule still holds. */
    async publish(c: TestCaller, testId: number) {
      const test = await load(c, testId);
      assertOwnerUnlocked(test, c);
      if (test.status !== TestStatus.Ready) throw badRequest(testMessages.publishOnlyReady);
      const readiness = await readinessOf(test);
      if (!readiness.ready) throw badRequest(readinessRefusal(readiness));
      const now = deps.clock();
      const row = await deps.tests.moveStatus(testId, TestStatus.Ready, {
        status: TestStatus.Published,
        isActive: true,
        publishedDate: now,
        updatedBy: c.userId,
        updatedDate: now,
      });
      return saved(testId, row, testMessages.publishedSuccessfully);
    },

    async preview(c: TestCaller, testId: number) {
      const test = await load(c, testId);
      return buildPreview(deps.tests, test, scopeOf(test, c));
    },
  };
}
export type TestEditorService = ReturnType<typeof createTestEditorService>;
