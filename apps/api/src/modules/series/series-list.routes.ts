import { seriesListEndpoints as e, SERIES_IMAGE_MAX_BYTES } from '@assess/contracts/series';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { SeriesListService } from './series-list.service';

/** The test series list and its row actions (part 3 §7 Test series: Courses list, getCourseCount, getTestsByCourseId, publishCourse, playCourseTests, delete, userDataCleanUp, uploadResourceImage). */
export function seriesListRoutes(app: ZodApp, deps: { list: SeriesListService }) {
  const s = deps.list;
  route(app, e.list, async ({ principal, query }) => s.list(principal, query));
  route(app, e.count, async ({ principal }) => s.count(principal));
  route(app, e.tests, async ({ principal, params }) => s.tests(principal, params.courseId));
  route(app, e.publish, async ({ principal, params }) => s.publish(principal, params.courseId));
  route(app, e.play, async ({ principal, params }) => s.play(principal, params.courseId));
  route(app, e.delete, async ({ principal, params }) => s.delete(principal, params.courseId));
  route(app, e.cleanData, async ({ principal, params }) => s.cleanData(principal, params.courseId));
  route(app, e.uploadImage, async ({ principal, params, request }) => {
    const file = request.isMultipart()
      ? await request.file({ limits: { files: 1, fileSize: SERIES_IMAGE_MAX_BYTES + 1 } })
      : undefined;
    return s.uploadImage(
      principal,
      params.courseId,
      file ? { fileName: file.filename, stream: file.file } : undefined,
    );
  });
  route(app, e.image, async ({ principal, params, reply }) => {
    const { file, stream } = await s.openImage(principal, params.courseId);
    reply.header('content-type', file.contentType);
    reply.header('cache-control', 'private, max-age=3600');
    return reply.send(stream);
  });
}
