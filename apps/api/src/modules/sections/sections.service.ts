import {
  sectionOwnMessages as own,
  type SectionForm,
  type SectionList,
  type SectionSupply,
  sectionFlowOf,
  sectionNameIssue,
} from '@assess/contracts/sections';
import { sectionMessages as m, testLimits, testMessages } from '@assess/contracts/tests';
import { assertWithinLicence } from '../../platform/access/licence';
import { newRowAudit } from '../../platform/db/audit';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/http/errors';
import { assertTestEditable } from '../tests';
import { editablePool, mayRead, readOnlyReason, rowOf, type SectionCaller, supplyOf } from './section-access';
import type { PoolValues, SectionsRepository, TestOfPool } from './sections.repository';

type Repos = { sections: SectionsRepository };

const formColumns = (f: SectionForm) => ({
  code: f.code,
  name: f.name,
  questionCount: f.questionCount,
  maxQuestionForScore: f.maxQuestionForScore,
  pointsPerQuestion: f.pointsPerQuestion,
  negativePointsPerQuestion: f.negativePointsPerQuestion,
  passingScore: f.passingScore,
  masteryScore: f.masteryScore,
  isMandatoryToPass: f.isMandatoryToPass,
  noOfChoices: f.noOfChoices,
  choiceFormat: f.choiceFormat,
});

const codeTaken = (err: unknown): never => {
  if (isUniqueViolation(err)) throw conflict(own.codeTaken);
  throw err;
};

/**
 * Sections of a test (part 2 §2/§4/§5 Sections, part 3 §3/§5/§7): the list with counts and supply, create and
 * update through the section form's rules, order, lock and delete. Every change goes through the tests'
 * editability rule on the locked test row.
 */
/** The section name's rule of the test's flow (full editor or quick test): refused on the name field. */
function assertSectionName(test: Pick<TestOfPool, 'testType'>, form: Pick<SectionForm, 'name'>) {
  const message = sectionNameIssue(sectionFlowOf(test.testType), form.name);
  if (message) throw badRequest(message, { name: [message] });
}

export function createSectionsService(deps: {
  sections: SectionsRepository;
  withTransaction: UnitOfWork<Repos>;
  clock: () => Date;
}) {
  /** At most 10 sections a test, and the package's TestSections. */
  const maxSections = (c: SectionCaller) => Math.min(testLimits.maxSectionsPerTest, c.licence.TestSections);

  return {
    async list(c: SectionCaller, testId: number): Promise<SectionList> {
      const test = await deps.sections.visibleTest(testId, [c.providerId, ...c.contentProviderIds]);
      if (!test || !mayRead(c, test)) throw notFound();
      const pools = await deps.sections.pools(testId);
      const sections = [];
      for (const pool of pools) sections.push(await rowOf(deps.sections, pool, test.providerId));
      const reason = readOnlyReason(c, test);
      return {
        testId,
        testCode: test.code,
        testName: test.name,
        editable: reason === null,
        readOnlyReason: reason,
        sections,
        maxSections: maxSections(c),
        maxQuestions: c.licence.TestSectionQuestions,
      };
    },

    /** Per section: questions allowed, what the sources can supply, Draft fixed questions (readiness reads it). */
    async supplyForTest(testId: number): Promise<SectionSupply[]> {
      const test = await deps.sections.testById(testId);
      if (!test) return [];
      const out: SectionSupply[] = [];
      for (const pool of await deps.sections.pools(testId))
        out.push(supplyOf(await rowOf(deps.sections, pool, test.providerId)));
      return out;
    },

    async create(c: SectionCaller, testId: number, form: SectionForm) {
      const row = await deps.withTransaction(async (repos) => {
        const test = await repos.sections.lockTest(testId, c.providerId);
        if (!test) throw notFound();
        assertTestEditable(test, c);
        assertSectionName(test, form);
        const current = await repos.sections.countPools(testId);
        if (current >= testLimits.maxSectionsPerTest) throw badRequest(m.maxSections);
        assertWithinLicence(c, 'TestSections', current);
        const now = deps.clock();
        const values: PoolValues = {
          ...formColumns(form),
          testId,
          providerId: c.providerId,
          sequenceId: current + 1,
          ...newRowAudit(c.userId, now),
        };
        const pool = await repos.sections.insertPool(values).catch(codeTaken);
        return rowOf(repos.sections, pool, test.providerId);
      });
      return { message: m.created, section: row };
    },

    async update(c: SectionCaller, poolId: number, form: SectionForm) {
      const row = await deps.withTransaction(async (repos) => {
        const { pool, test } = await editablePool(repos, c, poolId);
        assertSectionName(test, form);
        const held = await repos.sections.countPoolQuestions(pool.poolId);
        if (form.questionCount < held) throw badRequest(own.allowedBelowFixed(held));
        const saved = await repos.sections
          .updatePool(pool.poolId, { ...formColumns(form), updatedBy: c.userId, updatedDate: deps.clock() })
          .catch(codeTaken);
        return rowOf(repos.sections, saved, test.providerId);
      });
      return { message: testMessages.updated, section: row };
    },

    async delete(c: SectionCaller, poolId: number) {
      await deps.withTransaction(async (repos) => {
        const { pool } = await editablePool(repos, c, poolId);
        await repos.sections.deletePool(pool);
      });
      return { message: m.deleted };
    },

    async move(c: SectionCaller, poolId: number, direction: 'up' | 'down') {
      await deps.withTransaction(async (repos) => {
        const { pool } = await editablePool(repos, c, poolId);
        const other = await repos.sections.neighbourPool(pool, direction);
        if (!other) return;
        await repos.sections.updatePool(pool.poolId, { sequenceId: other.sequenceId });
        await repos.sections.updatePool(other.poolId, { sequenceId: pool.sequenceId });
      });
      return { message: testMessages.updated };
    },

    async lock(c: SectionCaller, poolId: number, lock: boolean) {
      await deps.withTransaction(async (repos) => {
        const { pool } = await editablePool(repos, c, poolId).catch((err) => {
          // the section's own lock: only its locker may unlock it (reported as such)
          if (!lock && (err as Error).message === own.sectionLocked) throw forbidden(own.unlockNotAllowed);
          throw err;
        });
        const now = deps.clock();
        await repos.sections.updatePool(pool.poolId, {
          isLocked: lock,
          lockedBy: lock ? c.userId : null,
          updatedBy: c.userId,
          updatedDate: now,
        });
      });
      return { message: lock ? own.locked : own.unlocked };
    },
  };
}
export type SectionsService = ReturnType<typeof createSectionsService>;
