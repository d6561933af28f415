import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { dashboardRule, dashboardWidgets } from '../dashboard';
import { questionBankModule } from '../question-bank';
import { seriesDataCleaners } from '../series';
import { testAttemptedCount, testDataCleaners } from '../tests';
import { createAttemptCloser, createVersionCache } from './attempt-closer.service';
import { createAttemptPlayerService } from './attempt-player.service';
import { createAttemptStartService } from './attempt-start.service';
import { createAttemptsRepository } from './attempts.repository';
import { createEvaluationService } from './evaluation.service';
import { attemptCloserJob } from './jobs';
import { learnerRoutes } from './learner.routes';
import { createLearnerListsRepository } from './learner-lists.repository';
import { createLearnerListsService } from './learner-lists.service';
import { createPaperAttempts } from './paper-attempts';
import { createTrendingRepository } from './trending.repository';

export type { Snapshot as QuestionSnapshot } from './attempt-content';
export type { EvaluationService } from './evaluation.service';
export type { PaperAttempts } from './paper-attempts';

/** The pg-boss queue of the sweep closing attempts left open past their deadline + grace (every minute). */
export const ATTEMPT_CLOSER_QUEUE = attemptCloserJob.queue;

/**
 * The learner area and the test player (issue 15; part 3 §2 Learner area, §3, §4 Learner rules, §7 Learner):
 * starting an attempt, the player's reads and saves, submit and scoring, the result and the evaluation, the
 * learner lists and dashboard. Contributes the Clean Data cleaners of tests and series and the tests list's
 * attempted count; defines the cron job closing overdue attempts.
 */
export const learnerModule = defineModule({
  name: 'learner',
  needs: [questionBankModule],
  register(app, deps, { questionBank }) {
    const db = deps.db;
    const attempts = createAttemptsRepository(db);
    const versions = createVersionCache((ids) => attempts.versions(ids));
    const closer = createAttemptCloser({
      withTransaction: unitOfWork(db, (tx) => ({ attempts: createAttemptsRepository(tx) })),
      versions,
      clock: deps.clock,
    });
    const start = createAttemptStartService({
      attempts,
      closer,
      clock: deps.clock,
    });
    const player = createAttemptPlayerService({ attempts, closer, versions, clock: deps.clock });
    const evaluation = createEvaluationService({
      attempts,
      player,
      versions,
      clock: deps.clock,
      images: questionBank.images,
    });
    const lists = createLearnerListsService({
      lists: createLearnerListsRepository(db),
      attempts,
      closer,
      files: deps.files,
      clock: deps.clock,
    });
    learnerRoutes(app, { start, player, evaluation, lists });

    deps.extensions.contribute(testDataCleaners, 'learner.attempts', {
      name: 'learner.attempts',
      clean: (tx, testId) => createAttemptsRepository(tx).deleteOfTest(testId),
    });
    deps.extensions.contribute(seriesDataCleaners, 'learner.attempts', {
      name: 'learner.attempts',
      clean: (tx, courseId) => createAttemptsRepository(tx).deleteOfSeries(courseId),
    });
    deps.extensions.contribute(testAttemptedCount, 'learner.attempts', (testId) =>
      attempts.attemptedStudents(testId),
    );

    // Part 3 §2 the dashboard's Trending Test Series (attempts are this area's rows).
    const trending = createTrendingRepository(db);
    deps.extensions.contribute(dashboardWidgets, 'trendingSeries', {
      id: 'trendingSeries',
      visible: dashboardRule('trendingSeries'),
      load: async (c, now) => ({
        id: 'trendingSeries',
        kind: 'table',
        rows: await trending.trendingSeries(
          { ownProviderId: c.providerId, contentProviderIds: c.contentProviderIds },
          now,
        ),
      }),
    });

    deps.jobs.handle(attemptCloserJob, async () => ({ closed: await closer.closeOverdue(attempts) }));
    return {
      attemptStart: start,
      attemptPlayer: player,
      attemptCloser: closer,
      learnerLists: lists,
      /** The analytics' top five (issue 24): a student's attempt as staff see it. */
      evaluation,
      /** OMR (issue 25): paper forms freeze a selection; a read sheet is stored and scored as an attempt. */
      paperAttempts: createPaperAttempts({ attempts, closer, clock: deps.clock }),
    };
  },
});
