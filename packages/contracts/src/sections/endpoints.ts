// Sections (pools) endpoints (part 2 §7 section calls, part 3 §7 Sections; our clean REST paths): a test's sections
// under /api/tests/:testId/sections, one section and its questions under /api/sections/:poolId.
import { endpointGroup, privilegesOf } from '../common/endpoint';
import { messageSchema } from '../common/errors';
import { questionGridQuerySchema, questionSavedSchema } from '../questions';
import { orSimplifiedTest } from '../quick-tests/access';
import {
  addQuestionsSchema,
  lockSchema,
  mandatorySchema,
  moveSchema,
  pickerSchema,
  poolIdParamSchema,
  poolQuestionParamSchema,
  poolQuestionsQuerySchema,
  poolQuestionsSchema,
  poolTopicsSchema,
  questionsAddedSchema,
  sectionFormSchema,
  sectionListSchema,
  sectionQuestionSchema,
  sectionSavedSchema,
  testIdParamSchema,
  topicsSavedSchema,
} from './schemas';

const t = privilegesOf('Test');
/** Section edits need UpdateTest (the service checks it again beside a configuration privilege). */
const edit = { privilege: orSimplifiedTest(t('UpdateTest')) } as const;
const read = { privilege: orSimplifiedTest(t('ViewTest'), t('UpdateTest'), t('PreviewTest')) } as const;

export const sectionEndpoints = endpointGroup('sections', {
  list: {
    method: 'GET',
    path: '/api/tests/:testId/sections',
    summary:
      "A test's sections in order, with their question counts, topics, what they can supply and the supply warning",
    access: read,
    params: testIdParamSchema,
    response: sectionListSchema,
  },
  create: {
    method: 'POST',
    path: '/api/tests/:testId/sections',
    summary: 'Create a section at the end of the test (at most 10, and the package’s TestSections)',
    access: edit,
    params: testIdParamSchema,
    body: sectionFormSchema,
    response: sectionSavedSchema,
    status: 201,
  },
  update: {
    method: 'PUT',
    path: '/api/sections/:poolId',
    summary: 'Update a section (the section dialog)',
    access: edit,
    params: poolIdParamSchema,
    body: sectionFormSchema,
    response: sectionSavedSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/sections/:poolId',
    summary: 'Delete a section with its question and topic mappings (the questions stay in the bank)',
    access: edit,
    params: poolIdParamSchema,
    response: messageSchema,
  },
  move: {
    method: 'PUT',
    path: '/api/sections/:poolId/move',
    summary: 'Move a section one place up or down in the test',
    access: edit,
    params: poolIdParamSchema,
    body: moveSchema,
    response: messageSchema,
  },
  lock: {
    method: 'PUT',
    path: '/api/sections/:poolId/lock',
    summary: 'Lock or unlock a section (a locked section refuses changes by other users)',
    access: edit,
    params: poolIdParamSchema,
    body: lockSchema,
    response: messageSchema,
  },

  /* ---------- the section's fixed questions ---------- */
  questions: {
    method: 'GET',
    path: '/api/sections/:poolId/questions',
    summary: "One page of the section's fixed questions in their order",
    access: read,
    params: poolIdParamSchema,
    query: poolQuestionsQuerySchema,
    response: poolQuestionsSchema,
  },
  picker: {
    method: 'GET',
    path: '/api/sections/:poolId/picker',
    summary:
      "The question picker: the question grid (own and subscribed questions by topic, with the list's filters), each row marked when already in the section",
    access: edit,
    params: poolIdParamSchema,
    query: questionGridQuerySchema,
    response: pickerSchema,
  },
  addQuestions: {
    method: 'POST',
    path: '/api/sections/:poolId/questions',
    summary:
      'Add the selected questions to the section in one request (package TestSectionQuestions; already present ones are skipped)',
    access: edit,
    params: poolIdParamSchema,
    body: addQuestionsSchema,
    response: questionsAddedSchema,
  },
  removeQuestion: {
    method: 'DELETE',
    path: '/api/sections/:poolId/questions/:questionId',
    summary: 'Remove a question from the section (it stays in the bank)',
    access: edit,
    params: poolQuestionParamSchema,
    response: messageSchema,
  },
  moveQuestion: {
    method: 'PUT',
    path: '/api/sections/:poolId/questions/:questionId/move',
    summary: 'Move a question one place up or down in the section',
    access: edit,
    params: poolQuestionParamSchema,
    body: moveSchema,
    response: messageSchema,
  },
  lockQuestion: {
    method: 'PUT',
    path: '/api/sections/:poolId/questions/:questionId/lock',
    summary: 'Lock or unlock a question in the section (a locked one cannot be moved, removed or re-flagged)',
    access: edit,
    params: poolQuestionParamSchema,
    body: lockSchema,
    response: messageSchema,
  },
  mandatoryQuestion: {
    method: 'PUT',
    path: '/api/sections/:poolId/questions/:questionId/mandatory',
    summary: 'Mark a question mandatory (every attempt gets it) or not (MandatoryQuestion and UpdateTest)',
    access: { privilege: orSimplifiedTest(t('MandatoryQuestion')) },
    params: poolQuestionParamSchema,
    body: mandatorySchema,
    response: messageSchema,
  },
  newQuestion: {
    method: 'POST',
    path: '/api/sections/:poolId/new-question',
    summary:
      'Write a question directly in the section: created in the bank (Ready by default, code generated when empty) and added to the section',
    access: edit,
    params: poolIdParamSchema,
    body: sectionQuestionSchema,
    response: questionSavedSchema,
    status: 201,
  },

  /* ---------- random by topic ---------- */
  setTopics: {
    method: 'PUT',
    path: '/api/sections/:poolId/topics',
    summary:
      'Assign topics to the section: questions per topic, question types and randomisation (each attempt draws at start); warns when the sources cannot supply the question count',
    access: { privilege: orSimplifiedTest(t('AssignTopicsToPool')) },
    params: poolIdParamSchema,
    body: poolTopicsSchema,
    response: topicsSavedSchema,
  },
});
