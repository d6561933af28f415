import {
  newTestConfiguration,
  type TestDetail,
  type TestEditorForm,
  type TestEditorFormInput,
  testEditorFormSchema,
} from '@assess/contracts/tests';
import { zodResolver } from '@hookform/resolvers/zod';

export type TestFormValues = TestEditorFormInput;

/** The Information step's fields (validated alone by its Next). */
export const informationFields = [
  'code',
  'name',
  'objective',
  'targetAudience',
  'description',
  'welcomeMessage',
  'concludeMessage',
] as const;

export const newTestValues = (): TestFormValues => ({
  code: '',
  name: '',
  objective: null,
  targetAudience: null,
  description: null,
  welcomeMessage: null,
  concludeMessage: null,
  ...newTestConfiguration,
});

export const testFormValuesOf = (d: TestDetail): TestFormValues => ({
  code: d.code,
  name: d.name,
  objective: d.objective,
  targetAudience: d.targetAudience,
  description: d.description,
  welcomeMessage: d.welcomeMessage,
  concludeMessage: d.concludeMessage,
  difficultyLevel: d.difficultyLevel,
  duration: d.duration,
  passingScore: d.passingScore,
  masteryScore: d.masteryScore,
  totalScore: d.totalScore,
  attemptsAllowed: d.attemptsAllowed,
  questionsPerPage: d.questionsPerPage,
  pointsPerQuestion: d.pointsPerQuestion,
  negativePointsPerQuestion: d.negativePointsPerQuestion,
  expiryDate: d.expiryDate,
  navigationAllowed: d.navigationAllowed,
  showHint: d.showHint,
  showBookmark: d.showBookmark,
  showResult: d.showResult,
  showTimer: d.showTimer,
  passFeedback: d.passFeedback,
  failFeedback: d.failFeedback,
  masteryFeedback: d.masteryFeedback,
  reviewOptions: d.reviewOptions,
});

/** What the shared editor needs of the form: the same schema as the routes', a new test's values, a stored one's. */
export const testFormDef = {
  resolver: zodResolver<TestFormValues, unknown, TestEditorForm>(testEditorFormSchema),
  defaults: newTestValues,
  valuesOf: testFormValuesOf,
};
