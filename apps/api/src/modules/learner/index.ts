import type { Database } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerQuestionBankModule } from '../question-bank';
import type { registerSeriesModule } from '../series';
import type { registerTestsModule } from '../tests';
import { createAttemptCloser, createVersionCache } from './attempt-closer.service';
import { createAttemptPlayerService } from './attempt-player.service';
import { createAttemptStartService } from './attempt-start.service';
import { createAttemptsRepository } from './attempts.repository';
import { createEvaluationService } from './evaluation.service';
import { learnerRoutes } from './learner.routes';
import { createLearnerListsRepository } from './learner-lists.repository';
import { createLearnerListsService } from './learner-lists.service';
import { createPaperAttempts } from './paper-attempts';

export type { PaperAttempts } from './paper-attempts';

export type LearnerModuleNeeds = {
  tests: Awaited<ReturnType<typeof registerTestsModule>>;
  series?: Awaited<ReturnType<typeof registerSeriesModule>>;
  questionBank?: Awaited<ReturnType<typeof registerQuestionBankModule>>;
};

/** The pg-boss queue of the sweep closing attempts left open past their deadline + grace (every minute). */
export const ATTEMPT_CLOSER_QUEUE = 'learner.close-overdue';

/**
 * The learner area and the test player (issue 15; part 3 §2 Learner area, §3, §4 Learner rules, §7 Learner):
 * starting an attempt, the player's reads and saves, submit and scoring, the result and the evaluation, the
 * learner lists and dashboard. Registers the Clean Data cleaners of tests and series, the tests list's
 * attempted count, and the cron job closing overdue attempts.
 */
export async function registerLearnerModule(app: ZodApp, deps: ModuleDeps, needs: LearnerModuleNeeds) {
  const db = deps.db as Database;
  const attempts = createAttemptsRepository(db);
  const versions = createVersionCache((ids) => attempts.versions(ids));
  const closer = createAttemptCloser({
    withTransaction: unitOfWork(db, (tx) => ({ attempts: createAttemptsRepository(tx) })),
    versions,
    clock: deps.clock,
  });
  const start = createAttemptStartService({
    withTransaction: unitOfWork(db, (tx) => ({ attempts: createAttemptsRepository(tx) })),
    closer,
    clock: deps.clock,
  });
  const player = createAttemptPlayerService({ attempts, closer, versions, clock: deps.clock });
  const evaluation = createEvaluationService({
    attempts,
    player,
    versions,
    clock: deps.clock,
    images: needs.questionBank?.images ?? {
      open: async () => {
        throw new Error('question bank module not given to the learner module');
      },
    },
  });
  const lists = createLearnerListsService({
    lists: createLearnerListsRepository(db),
    attempts,
    closer,
    files: deps.files,
    clock: deps.clock,
  });
  learnerRoutes(app, { start, player, evaluation, lists });

  needs.tests.testDataCleaners.register({
    name: 'learner.attempts',
    clean: (tx, testId) => createAttemptsRepository(tx).deleteOfTest(testId),
  });
  needs.series?.seriesDataCleaners.register({
    name: 'learner.attempts',
    clean: (tx, courseId) => createAttemptsRepository(tx).deleteOfSeries(courseId),
  });
  needs.tests.testAttempts.provide((testId) => attempts.attemptedStudents(testId));

  deps.jobs.define(ATTEMPT_CLOSER_QUEUE, async () => ({ closed: await closer.closeOverdue(attempts) }), {
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    cron: '* * * * *',
  });
  return {
    attemptStart: start,
    attemptPlayer: player,
    attemptCloser: closer,
    learnerLists: lists,
    /** OMR (issue 25): paper forms freeze a selection; a read sheet is stored and scored as an attempt. */
    paperAttempts: createPaperAttempts({ attempts, closer, clock: deps.clock }),
  };
}
