// The question bank's endpoints (spec part 2 §7, our clean REST paths): tree under /api/question-bank,
// questions under /api/questions.
import { z } from 'zod';
import { endpointGroup, endpointPath, privilegesOf } from '../common/endpoint';
import { messageSchema } from '../common/errors';
import {
  bulkTopicMappingResultSchema,
  bulkTopicMappingSchema,
  bulkUpdateResultSchema,
  bulkUpdateSchema,
} from './bulk';
import {
  questionCreateSchema,
  questionDetailSchema,
  questionGridQuerySchema,
  questionGridSchema,
  questionIdParamSchema,
  questionPreviewSchema,
  questionSavedSchema,
  questionUpdateSchema,
} from './schemas';
import {
  answersPageSchema,
  answersQuerySchema,
  answersSavedSchema,
  answersSaveSchema,
  categoryCreateSchema,
  categoryIdParamSchema,
  imageIdParamSchema,
  imageUploadResultSchema,
  nodeRenameSchema,
  nodeSavedSchema,
  topicCreateSchema,
  topicIdParamSchema,
  treeQuerySchema,
  treeSchema,
} from './tree';

const q = privilegesOf('Question');
const ct = privilegesOf('CategoryTopic');

/** Who may read the tree: anyone of the Question or CategoryTopic areas (subscribers read it through ViewQuestion). */
const readTree = {
  privilege: [
    q('ViewQuestion'),
    ct('CreateCategory'),
    ct('CreateTopic'),
    ct('EditTopic'),
    ct('DeleteTopic'),
    ct('SetAnswer'),
    ct('PreviewQuestion'),
    ct('BulkImport'),
    ct('ImportExcel'),
  ],
} as const;
const preview = { privilege: [q('PreviewQuestion'), ct('PreviewQuestion')] } as const;
/** Images are shown wherever a question is: the grid, the dialogs, preview and answer setting. */
const readImages = {
  privilege: [...readTree.privilege, q('PreviewQuestion'), q('CreateQuestion'), q('UpdateQuestion')],
} as const;

export const questionBankEndpoints = endpointGroup('question-bank', {
  /* ---------- tree (§7 Categories, Topics) ---------- */
  tree: {
    method: 'GET',
    path: '/api/question-bank/tree',
    summary:
      "The caller's categories and topics with question counts, beside the (read-only) trees of its content providers",
    access: readTree,
    query: treeQuerySchema,
    response: treeSchema,
  },
  createCategory: {
    method: 'POST',
    path: '/api/question-bank/categories',
    summary: 'Create a category (root, or under an own category without topics)',
    access: { privilege: ct('CreateCategory') },
    body: categoryCreateSchema,
    response: nodeSavedSchema,
    status: 201,
  },
  renameCategory: {
    method: 'PUT',
    path: '/api/question-bank/categories/:categoryId',
    summary: 'Rename an own category',
    access: { privilege: ct('EditTopic') },
    params: categoryIdParamSchema,
    body: nodeRenameSchema,
    response: nodeSavedSchema,
  },
  deleteCategory: {
    method: 'DELETE',
    path: '/api/question-bank/categories/:categoryId',
    summary: 'Delete an own category that holds no sub-category and no topic',
    access: { privilege: ct('DeleteTopic') },
    params: categoryIdParamSchema,
    response: messageSchema,
  },
  createTopic: {
    method: 'POST',
    path: '/api/question-bank/topics',
    summary: 'Create a topic under an own category or topic (package limits TopicHierarchy and MaxTopics)',
    access: { privilege: ct('CreateTopic') },
    body: topicCreateSchema,
    response: nodeSavedSchema,
    status: 201,
  },
  renameTopic: {
    method: 'PUT',
    path: '/api/question-bank/topics/:topicId',
    summary: 'Rename an own topic',
    access: { privilege: ct('EditTopic') },
    params: topicIdParamSchema,
    body: nodeRenameSchema,
    response: nodeSavedSchema,
  },
  deleteTopic: {
    method: 'DELETE',
    path: '/api/question-bank/topics/:topicId',
    summary: 'Delete an own topic without questions and sub-topics',
    access: { privilege: ct('DeleteTopic') },
    params: topicIdParamSchema,
    response: messageSchema,
  },

  /* ---------- answer setting (§7 getQuestionAnswers, PUT /api/QuestionChoices) ---------- */
  answers: {
    method: 'GET',
    path: '/api/question-bank/topics/:topicId/answers',
    summary:
      "One page (10) of the first 500 questions under a topic, with their answers and the page's read-only rules",
    access: { privilege: [ct('SetAnswer'), q('ViewQuestion'), ct('PreviewQuestion')] },
    params: topicIdParamSchema,
    query: answersQuerySchema,
    response: answersPageSchema,
  },
  saveAnswers: {
    method: 'PUT',
    path: '/api/question-bank/topics/:topicId/answers',
    summary: 'Save the changed answers of one page in one request (all or nothing)',
    access: { privilege: ct('SetAnswer') },
    params: topicIdParamSchema,
    body: answersSaveSchema,
    response: answersSavedSchema,
  },

  /* ---------- images ---------- */
  uploadImage: {
    method: 'POST',
    path: '/api/question-bank/images',
    summary:
      'Upload a question, solution, paragraph or choice image (multipart "file": JPEG, PNG, GIF or WebP by content, at most 5 MB; re-encoded)',
    access: { privilege: [q('CreateQuestion'), q('UpdateQuestion')] },
    multipart: true,
    response: imageUploadResultSchema,
    status: 201,
  },
  image: {
    method: 'GET',
    path: '/api/question-bank/images/:imageId',
    summary: "A question image of the caller's provider or of one of its content providers (PNG or JPEG)",
    access: readImages,
    params: imageIdParamSchema,
    response: z.any(),
    download: 'image/*',
  },

  /* ---------- questions (§7 Questions) ---------- */
  list: {
    method: 'GET',
    path: '/api/questions',
    summary: 'Server-paged question grid with the All/Owned/Subscribed toggle and the filters of §2',
    access: { privilege: q('ViewQuestion') },
    query: questionGridQuerySchema,
    response: questionGridSchema,
  },
  get: {
    method: 'GET',
    path: '/api/questions/:questionId',
    summary: 'One question with everything the Update Question dialog shows',
    access: { privilege: [q('ViewQuestion'), q('UpdateQuestion')] },
    params: questionIdParamSchema,
    response: questionDetailSchema,
  },
  preview: {
    method: 'GET',
    path: '/api/questions/:questionId/preview',
    summary: 'What a learner sees of a question (no answer, no solution)',
    access: preview,
    params: questionIdParamSchema,
    response: questionPreviewSchema,
  },
  create: {
    method: 'POST',
    path: '/api/questions',
    summary: 'Create a question (Draft or Ready) mapped to own topics',
    access: { privilege: q('CreateQuestion') },
    body: questionCreateSchema,
    response: questionSavedSchema,
    status: 201,
  },
  update: {
    method: 'PUT',
    path: '/api/questions/:questionId',
    summary: 'Update an own, unpublished question (optimistic: a stale version answers 409)',
    access: { privilege: q('UpdateQuestion') },
    params: questionIdParamSchema,
    body: questionUpdateSchema,
    response: questionSavedSchema,
  },
  publish: {
    method: 'PUT',
    path: '/api/questions/:questionId/publish',
    summary: 'Publish an own question in Ready status',
    access: { privilege: q('PublishQuestion') },
    params: questionIdParamSchema,
    response: questionSavedSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/questions/:questionId',
    summary: 'Delete an own, unpublished question that no section or attempt uses',
    access: { privilege: q('DeleteQuestion') },
    params: questionIdParamSchema,
    response: messageSchema,
  },
  bulkUpdate: {
    method: 'POST',
    path: '/api/questions/bulk-update',
    summary:
      'Set one field on the selected questions (Published ones untouched); status changes report the counts',
    access: { privilege: q('UpdateQuestion') },
    body: bulkUpdateSchema,
    response: bulkUpdateResultSchema,
  },
  bulkTopicMapping: {
    method: 'POST',
    path: '/api/questions/bulk-topic-mapping',
    summary: 'Map the selected own questions to one own topic (replacing their topics)',
    access: { privilege: q('UpdateQuestion') },
    body: bulkTopicMappingSchema,
    response: bulkTopicMappingResultSchema,
  },
});

/** Where the console shows an uploaded image (an <img src>, same-origin with the session cookie). */
export const questionImageUrl = (imageId: number) =>
  endpointPath(questionBankEndpoints.image.path, { imageId });
