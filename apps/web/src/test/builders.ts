// Typed builders of what the fake API answers (each is parsed by its endpoint's response schema when sent).
import type { AssignedStudent } from '@assess/contracts/assignment';
import type { ProviderProfile } from '@assess/contracts/auth';
import type { ConfigurationLists } from '@assess/contracts/configuration';
import {
  ContentType,
  Difficulty,
  type QuestionCreate,
  type QuestionDetail,
  type QuestionGridRow,
  QuestionStatus,
  QuestionType,
  type TreeNode,
} from '@assess/contracts/questions';
import type { SectionRow } from '@assess/contracts/sections';
import type { SeriesListRow } from '@assess/contracts/series';
import { TestStatus } from '@assess/contracts/tests';

/** Configuration lists with one value each for the lookups forms use (ids from 100). */
export function configurationLists(patch: Partial<ConfigurationLists> = {}): ConfigurationLists {
  const one = (id: number, value: string) => [{ id, value, isDefault: true }];
  return {
    interest: one(100, 'Science'),
    class: one(101, 'Class 10'),
    state: one(102, 'Karnataka'),
    city: one(103, 'Bengaluru'),
    education: one(104, 'Graduate'),
    educationBoard: one(105, 'CBSE'),
    profession: one(106, 'Engineer'),
    language: one(107, 'English'),
    objective: one(108, 'Practice'),
    targetAudience: one(109, 'Class 10 students'),
    ...patch,
  };
}

/** A question-bank tree: one own category ('Maths', id 1) holding the given topics (ids from 11). */
export function tree(topics: string[] = ['Algebra'], topicHierarchy = 3) {
  const base = { providerId: 1, providerName: 'Demo ERP Institute', owned: true, readOnly: false };
  const nodes: TreeNode[] = [
    {
      ...base,
      key: 'c1',
      nodeType: 'category',
      id: 1,
      parentKey: null,
      categoryId: 1,
      parentCategoryId: null,
      parentTopicId: null,
      name: 'Maths',
      depth: 0,
      questionCount: 0,
      subtreeQuestionCount: 0,
      hasCategoryChildren: false,
      hasTopicChildren: topics.length > 0,
    },
    ...topics.map(
      (name, i): TreeNode => ({
        ...base,
        key: `t${11 + i}`,
        nodeType: 'topic',
        id: 11 + i,
        parentKey: 'c1',
        categoryId: 1,
        parentCategoryId: null,
        parentTopicId: null,
        name,
        depth: 1,
        questionCount: 0,
        subtreeQuestionCount: 0,
        hasCategoryChildren: false,
        hasTopicChildren: false,
      }),
    ),
  ];
  return { nodes, topicCount: topics.length, topicHierarchy, maxTopics: 100 };
}

let nextQuestionId = 500;
/** The stored question the server answers for a saved body (as its repository would store it). */
export function questionFrom(body: QuestionCreate, patch: Partial<QuestionDetail> = {}): QuestionDetail {
  const labels = ['(a)', '(b)', '(c)', '(d)', '(e)', '(f)'];
  return {
    ...body,
    questionId: nextQuestionId++,
    providerId: 1,
    providerName: 'Demo ERP Institute',
    owned: true,
    readOnly: false,
    isActive: true,
    languageId: 1,
    lockedBy: null,
    lockedDate: null,
    choices: body.choices.map((c, i) => ({
      choiceId: i + 1,
      label: labels[i],
      text: c.text ?? null,
      image: c.image ?? null,
      weight: c.weight ?? null,
      feedback: c.feedback ?? null,
    })),
    topics: body.topicIds.map((topicId) => ({ topicId, name: `Topic ${topicId}`, pathNames: ['Maths'] })),
    version: 1,
    currentVersionId: 1,
    createdBy: 2,
    createdDate: '2026-01-05T10:00:00.000Z',
    updatedBy: 2,
    updatedDate: '2026-01-05T10:00:00.000Z',
    ...patch,
  };
}

let nextCourseId = 1;
/** A row of the series list: an own, active, unlocked Draft named after its code (course ids from 1). */
export const seriesRow = (code: string, patch: Partial<SeriesListRow> = {}): SeriesListRow => ({
  courseId: nextCourseId++,
  code,
  name: `Series ${code}`,
  providerId: 1,
  providerName: 'Demo ERP Institute',
  owned: true,
  status: TestStatus.Draft,
  isActive: true,
  isLocked: false,
  lockedBy: null,
  isPublished: false,
  difficultyLevel: 2,
  objective: [],
  targetAudience: [],
  scheduleDate: null,
  scheduleStatus: null,
  testCount: 0,
  imageUrl: null,
  categories: null,
  duration: null,
  ...patch,
});

/** A row of the questions grid (and, with its extra fields, of the section picker): an own, unlocked Draft SCQ. */
export const questionRow = (
  questionId: number,
  code: string,
  patch: Partial<QuestionGridRow> = {},
): QuestionGridRow => ({
  questionId,
  code,
  text: `Question ${code}`,
  image: null,
  questionType: QuestionType.SCQ,
  contentType: ContentType.Text,
  status: QuestionStatus.Draft,
  difficultyLevel: Difficulty.Easy,
  points: 1,
  isLocked: false,
  providerId: 1,
  providerName: 'Demo ERP Institute',
  owned: true,
  version: 1,
  ...patch,
});

/** A section of test 5 as the server lists it: an unlocked SCQ section with no questions and no warning yet. */
export const sectionRow = (patch: Partial<SectionRow> = {}): SectionRow => ({
  poolId: 3,
  testId: 5,
  code: 'SEC',
  name: 'Section',
  sequenceId: 1,
  questionCount: 2,
  maxQuestionForScore: null,
  pointsPerQuestion: 1,
  negativePointsPerQuestion: 0,
  passingScore: null,
  masteryScore: null,
  isMandatoryToPass: false,
  noOfChoices: 4,
  choiceFormat: 0,
  isLocked: false,
  lockedBy: null,
  randomizeType: 0,
  questionsPerTopic: null,
  questionTypes: null,
  topics: [],
  fixedCount: 0,
  mandatoryCount: 0,
  fixedNotReady: 0,
  supply: 0,
  warning: null,
  ...patch,
});

/** The signed-in provider's profile (Edit provider): Demo ERP Institute, an active ERP on package 3. */
export const providerProfile = (patch: Partial<ProviderProfile> = {}): ProviderProfile => ({
  providerId: 1,
  name: 'Demo ERP Institute',
  detailedName: null,
  providerTypeId: 1,
  packageId: 3,
  logo: null,
  website: null,
  address: 'MG Road, Pune',
  mobile: '9876500001',
  phone: null,
  email: 'erp-office@example.com',
  isActive: true,
  validFrom: null,
  validTo: null,
  contentCuratorNames: [],
  ...patch,
});

/** A student assigned to a test (Test User Mapping's rows): user name = e-mail, no mobile, no accommodation. */
export const assignedStudent = (
  userId: number,
  fullName: string,
  email: string,
  patch: Partial<AssignedStudent> = {},
): AssignedStudent => ({
  userId,
  fullName,
  userName: email,
  email,
  mobile: null,
  extraAttempts: null,
  extraMinutes: null,
  viaCourseId: null,
  userSubscriptionStatus: null,
  ...patch,
});
