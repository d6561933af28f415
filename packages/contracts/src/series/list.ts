// The test series list (/admin/testSeries) and its row actions (issue 14; part 3 §2 "Test series list", §3
// "Test series (course)", §4 "Test series row rules", §5 "New test series limit", §6 TestSeries, §7 Test series,
// §8 "Test series"): the grid's query and rows, View Tests, publish, play, delete, Clean data, the resource
// image, and the count behind '+ New'. Row rules: ./list-rules.ts.
import { z } from 'zod';
import { endpointGroup, privilegesOf } from '../common/endpoint';
import { messageSchema } from '../common/errors';
import { catalogueRowFields, scheduleColumnFields } from '../common/fields';
import { intParamSchema } from '../common/ints';
import { gridPageQuerySchema, pagedSchema } from '../common/paging';
import { TestContentFilter } from '../tests/common';
import { courseIdParamSchema, seriesEditorMessages, seriesEditorTestSchema } from './editor';

export * from './list-rules';

/** The spec's messages for series (§8 "Test series"; where the spec names a success without text, ours). */
export const seriesMessages = {
  deleted: 'Test Series deleted successfully',
  published: 'Test Series published successfully',
  testsAssigned: seriesEditorMessages.newlyAssigned,
  cleanedUp: 'Test Series Cleanup successfully',
  confirmDelete: 'Are you sure you want to delete this test series?',
  confirmCleanup: 'Are you sure you want to cleanup the test series?',
  confirmPublish:
    'Are you sure you want to publish this test series? A published test series cannot be edited.',
  imageUploaded: 'Image uploaded successfully',
  noFile: 'Please select the file.',
  notAnImage: 'Please choose a JPEG, PNG, GIF or WebP image.',
  tooLarge: 'Please upload file less than 5 MB.',
  noTests: 'No tests in this test series.',
} as const;

/** Subscription type column (§2): "Trail" (the spec's spelling) when the status is 2, otherwise "Subscription". */
export const subscriptionTypeName = (status: number) => (status === 2 ? 'Trail' : 'Subscription');

export const SERIES_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SERIES_IMAGE_MAX_PX = 1200;
export const seriesImageUrl = (courseId: number, version: string | number) =>
  `/api/series/${courseId}/image?v=${version}`;

/** GET /api/series (the spec's GET /api/Courses?pageNumber&pageSize&contentFilter). */
export const seriesListQuerySchema = gridPageQuerySchema.extend({
  /** 0 All (own + subscribed), 1 Owned, 2 Subscribed (content providers' published series). */
  contentFilter: intParamSchema.min(0).max(2).default(TestContentFilter.All),
});
export type SeriesListQueryInput = z.input<typeof seriesListQuerySchema>;
export type SeriesListQuery = z.output<typeof seriesListQuerySchema>;

/** A row of the grid (part 3 §3 "Test series (course)" and its row extras). */
export const seriesListRowSchema = z.object({
  courseId: z.number().int(),
  ...catalogueRowFields,
  /** Published once (publish date set); the status then moves with the schedule. */
  isPublished: z.boolean(),
  difficultyLevel: z.number().int().nullable(),
  objective: z.array(z.string()),
  targetAudience: z.array(z.string()),
  ...scheduleColumnFields,
  testCount: z.number().int(),
  /** Hidden columns of §2: image, categories, duration. */
  imageUrl: z.string().nullable(),
  categories: z.string().nullable(),
  duration: z.number().int().nullable(),
});
export type SeriesListRow = z.infer<typeof seriesListRowSchema>;
export const seriesListSchema = pagedSchema(seriesListRowSchema);
export type SeriesList = z.infer<typeof seriesListSchema>;

/** View Tests: the series' tests in order (the spec's getTestsByCourseId; the editor's row schema). */
export const seriesTestsSchema = z.object({ items: z.array(seriesEditorTestSchema) });

/** GET /api/series/count (the spec's getCourseCount): own series against the package's TestSeries limit. */
export const seriesCountSchema = z.object({
  count: z.number().int(),
  limit: z.number().int(),
  /** The spec's upgrade message when one more would pass the limit, else null. */
  limitMessage: z.string().nullable(),
});

export const seriesPlayedSchema = z.object({ message: z.string(), assigned: z.number().int() });
export const seriesCleanupSchema = z.object({ message: z.string(), removed: z.number().int() });
export const seriesImageSavedSchema = z.object({ message: z.string(), imageUrl: z.string() });

const s = privilegesOf('TestSeries');
const row = courseIdParamSchema;

export const seriesListEndpoints = endpointGroup('series', {
  list: {
    method: 'GET',
    path: '/api/series',
    summary: "The test series list: the caller's series and its content providers' published ones, paged",
    access: { privilege: s('ViewTestSeries') },
    query: seriesListQuerySchema,
    response: seriesListSchema,
  },
  count: {
    method: 'GET',
    path: '/api/series/count',
    summary: "The caller's own series count and the package's TestSeries limit ('+ New' checks it)",
    access: { privilege: s('ViewTestSeries') },
    response: seriesCountSchema,
  },
  tests: {
    method: 'GET',
    path: '/api/series/:courseId/tests',
    summary: "View Tests: a visible series' tests in order",
    access: { privilege: s('ViewTestSeries') },
    params: row,
    response: seriesTestsSchema,
  },
  publish: {
    method: 'PUT',
    path: '/api/series/:courseId/publish',
    summary: 'Publish an own series above Draft (row rules of part 3 §4); no edits afterwards',
    access: { privilege: s('PublishTestSeries') },
    params: row,
    response: messageSchema,
  },
  play: {
    method: 'PUT',
    path: '/api/series/:courseId/play',
    summary:
      "Play (playCourseTests): the series' tests are assigned at once to the caller and to the series' students who lack them",
    access: { privilege: s('PreviewTestSeries') },
    params: row,
    response: seriesPlayedSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/series/:courseId',
    summary:
      'Delete an own series (row rules of part 3 §4); its test mappings and student mappings go with it',
    access: { privilege: s('DeleteTestSeries') },
    params: row,
    response: messageSchema,
  },
  cleanData: {
    method: 'DELETE',
    path: '/api/series/:courseId/data',
    summary: 'Clean data (userDataCleanUp): remove the attempts taken within an own series',
    access: { privilege: s('DeleteTestSeries') },
    params: row,
    response: seriesCleanupSchema,
  },
  uploadImage: {
    method: 'PUT',
    path: '/api/series/:courseId/image',
    summary:
      'Upload resourceImage (multipart "file": JPEG, PNG, GIF or WebP by content, at most 5 MB; re-encoded)',
    access: { privilege: s('UpdateTestSeries') },
    params: row,
    multipart: true,
    response: seriesImageSavedSchema,
  },
  image: {
    method: 'GET',
    path: '/api/series/:courseId/image',
    summary: "A visible series' resource image",
    access: { privilege: s('ViewTestSeries') },
    params: row,
    download: 'image/*',
    response: z.unknown(),
  },
});
