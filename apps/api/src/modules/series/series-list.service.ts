import { Readable } from 'node:stream';
import { checkLicenceLimit } from '@assess/contracts/access';
import {
  SERIES_IMAGE_MAX_BYTES,
  SERIES_IMAGE_MAX_PX,
  type SeriesList,
  type SeriesListQuery,
  type SeriesRowAction,
  type SeriesRowCaller,
  type SeriesRowState,
  seriesActionIssue,
  seriesImageUrl,
  seriesMessages,
} from '@assess/contracts/series';
import { TestContentFilter } from '@assess/contracts/tests';
import type { ContentCaller } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { readCapped } from '../../platform/files/read-capped';
import { reencodeImage } from '../../platform/files/reencode-image';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import type { ModuleDeps } from '../../platform/modules';
import type { SeriesListRepository, SeriesScope } from './series-list.repository';

export type SeriesListCaller = ContentCaller;

const ruleCaller = (c: SeriesListCaller): SeriesRowCaller => ({
  providerId: c.providerId,
  userId: c.userId,
  privileges: c.privileges,
});
const readScope = (c: SeriesListCaller): SeriesScope => ({
  ownProviderId: c.providerId,
  contentProviderIds: c.contentProviderIds,
});

type Row = NonNullable<Awaited<ReturnType<SeriesListRepository['visible']>>>;
const state = (r: Row): SeriesRowState => ({ ...r, isPublished: r.publishedDate !== null });
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const imageFileId = (image: string | null) => (image && /^\d{1,12}$/.test(image) ? Number(image) : null);

const toRow = (r: Row, c: SeriesListCaller) => {
  const { publishedDate, image, ...rest } = r;
  const fileId = imageFileId(image);
  return {
    ...rest,
    isPublished: publishedDate !== null,
    owned: r.providerId === c.providerId,
    scheduleDate: iso(r.scheduleDate),
    imageUrl: fileId === null ? null : seriesImageUrl(r.courseId, fileId),
  };
};

/** Refuses the action with the row rules' reason (403), exactly as the console greys the button. */
function assertSeriesAction(action: SeriesRowAction, row: Row, c: SeriesListCaller) {
  const reason = seriesActionIssue(action, state(row), ruleCaller(c));
  if (reason) throw forbidden(reason);
}

/** Removes a series' learner data (attempts); the learner area registers the cleaners. */
type Cleaners = { clean(courseId: number): Promise<number> };
type Repos = { list: SeriesListRepository; cleaners: Cleaners };

/**
 * The test series list (part 3 §2, §7 GET /api/Courses) and its row actions: View Tests, publish, play,
 * delete, Clean data, the resource image and the '+ New' count. Every action loads the series within what
 * the caller may read (another provider's: 404), then applies the same row rule as the console
 * (seriesRowRules) before it writes.
 */
export function createSeriesListService(
  deps: Pick<ModuleDeps, 'files' | 'clock'> & {
    list: SeriesListRepository;
    withTransaction: UnitOfWork<Repos>;
  },
) {
  /** Runs `work` on a visible series locked for the transaction, after the row rule of `action`. */
  const act = <T>(
    c: SeriesListCaller,
    courseId: number,
    action: SeriesRowAction,
    work: (r: Repos, row: Row) => Promise<T>,
  ) =>
    deps.withTransaction(async (repos) => {
      const row = await repos.list.lockVisible(courseId, readScope(c), deps.clock());
      if (!row) throw notFound();
      assertSeriesAction(action, row, c);
      return work(repos, row);
    });

  return {
    async list(c: SeriesListCaller, q: SeriesListQuery): Promise<SeriesList> {
      const scope: SeriesScope = {
        ownProviderId: q.contentFilter === TestContentFilter.Subscribed ? null : c.providerId,
        contentProviderIds: q.contentFilter === TestContentFilter.Owned ? [] : c.contentProviderIds,
      };
      const page = await deps.list.page(scope, q.pageNumber, q.pageSize, deps.clock());
      return { totalCount: page.totalCount, items: page.items.map((r) => toRow(r, c)) };
    },

    /** '+ New' (§5 "New test series limit"): blocked when the own count plus 1 passes the package's TestSeries. */
    async count(c: SeriesListCaller) {
      const count = await deps.list.ownCount(c.providerId);
      return {
        count,
        limit: c.licence.TestSeries,
        limitMessage: checkLicenceLimit(c.licence, 'TestSeries', count, 1),
      };
    },

    async tests(c: SeriesListCaller, courseId: number) {
      const row = await deps.list.visible(courseId, readScope(c), deps.clock());
      if (!row) throw notFound();
      assertSeriesAction('viewTests', row, c);
      return { items: await deps.list.tests(courseId) };
    },

    async publish(c: SeriesListCaller, courseId: number) {
      await act(c, courseId, 'publish', ({ list }) => list.publish(courseId, c.userId, deps.clock()));
      return { message: seriesMessages.published };
    },

    async play(c: SeriesListCaller, courseId: number) {
      const assigned = await act(c, courseId, 'play', ({ list }) => list.assignMissingTests(courseId));
      return { message: seriesMessages.testsAssigned, assigned };
    },

    /** Delete (§4 rules): the series' learner data first (the cleaners), then the series with its mappings. */
    async delete(c: SeriesListCaller, courseId: number) {
      const image = await act(c, courseId, 'delete', async ({ list, cleaners }, row) => {
        await cleaners.clean(courseId);
        await list.delete(courseId);
        return imageFileId(row.image);
      });
      if (image !== null) await deps.files.remove(image, c.providerId).catch(() => undefined);
      return { message: seriesMessages.deleted };
    },

    /** Clean data: the attempts taken within the series go; the series and its mappings stay. */
    async cleanData(c: SeriesListCaller, courseId: number) {
      const removed = await act(c, courseId, 'cleanData', ({ cleaners }) => cleaners.clean(courseId));
      return { message: seriesMessages.cleanedUp, removed };
    },

    /**
     * Upload resourceImage: the upload must decode as an image by its content (a PDF named .png is refused),
     * is re-encoded (metadata and anything hidden go) — JPEG stays JPEG, the rest becomes PNG — scaled to fit.
     */
    async uploadImage(
      c: SeriesListCaller,
      courseId: number,
      upload: { fileName: string; stream: Readable } | undefined,
    ) {
      const first = await deps.list.visible(courseId, readScope(c), deps.clock());
      if (!first) throw notFound();
      assertSeriesAction('uploadImage', first, c);
      if (!upload) throw badRequest(seriesMessages.noFile);
      const original = await readCapped(upload.stream, SERIES_IMAGE_MAX_BYTES, seriesMessages.tooLarge);
      const { data, jpeg } = await reencodeImage(original, SERIES_IMAGE_MAX_PX, seriesMessages.notAnImage);
      const saved = await deps.files.save({
        providerId: c.providerId,
        userId: c.userId,
        fileName: jpeg ? 'series-image.jpg' : 'series-image.png',
        content: Readable.from(data),
        maxBytes: SERIES_IMAGE_MAX_BYTES * 4,
        accept: [jpeg ? 'jpg' : 'png'],
      });
      let previous: number | null;
      try {
        previous = await act(c, courseId, 'uploadImage', async ({ list }, row) => {
          await list.setImage(courseId, String(saved.fileId), c.userId, deps.clock());
          return imageFileId(row.image);
        });
      } catch (err) {
        await deps.files.remove(saved.fileId, c.providerId).catch(() => undefined);
        throw err;
      }
      if (previous !== null) await deps.files.remove(previous, c.providerId).catch(() => undefined);
      return { message: seriesMessages.imageUploaded, imageUrl: seriesImageUrl(courseId, saved.fileId) };
    },

    /** The resource image of a series the caller may read. */
    async openImage(c: SeriesListCaller, courseId: number) {
      const row = await deps.list.visible(courseId, readScope(c), deps.clock());
      const fileId = imageFileId(row?.image ?? null);
      if (!row || fileId === null) throw notFound();
      return deps.files.open(fileId, row.providerId);
    },
  };
}
export type SeriesListService = ReturnType<typeof createSeriesListService>;
