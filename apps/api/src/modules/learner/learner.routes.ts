import { learnerEndpoints as e } from '@assess/contracts/learner';
import { sendQuestionImage } from '../../platform/files/send-image';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { AttemptPlayerService } from './attempt-player.service';
import type { AttemptStartService } from './attempt-start.service';
import type { EvaluationService } from './evaluation.service';
import type { LearnerListsService } from './learner-lists.service';

/** The learner area's calls (part 3 §2 Learner area, §7 Learner): students only, the student from the session. */
export function learnerRoutes(
  app: ZodApp,
  s: {
    start: AttemptStartService;
    player: AttemptPlayerService;
    evaluation: EvaluationService;
    lists: LearnerListsService;
  },
) {
  route(app, e.dashboard, ({ principal }) => s.lists.dashboard(principal));
  route(app, e.tests, ({ principal }) => s.lists.tests(principal));
  route(app, e.series, ({ principal }) => s.lists.series(principal));
  route(app, e.seriesTests, ({ principal, params }) => s.lists.seriesTests(principal, params.courseId));
  route(app, e.attempts, ({ principal, params }) => s.lists.attempts(principal, params.testId));
  route(app, e.welcome, ({ principal, params }) => s.lists.welcome(principal, params.testId));
  route(app, e.start, ({ principal, params }) => s.start.start(principal, params.testId));
  route(app, e.attempt, ({ principal, params }) => s.player.state(principal, params.attemptId));
  route(app, e.saveAnswers, ({ principal, params, body }) =>
    s.player.save(principal, params.attemptId, body.answers),
  );
  route(app, e.submit, ({ principal, params }) => s.player.submit(principal, params.attemptId));
  route(app, e.result, ({ principal, params }) => s.player.result(principal, params.attemptId));
  route(app, e.evaluation, ({ principal, params }) => s.evaluation.evaluation(principal, params.attemptId));
  route(app, e.seriesImage, async ({ principal, params, reply }) => {
    const { file, stream } = await s.lists.seriesImage(principal, params.courseId);
    reply.header('content-type', file.contentType);
    reply.header('cache-control', 'private, max-age=3600');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(stream);
  });
  route(app, e.image, async ({ principal, params, reply }) => {
    return sendQuestionImage(reply, await s.evaluation.image(principal, params.attemptId, params.imageId));
  });
}
