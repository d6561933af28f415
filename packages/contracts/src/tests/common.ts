/**
 * Tests (spec part 3 §3, §4, §8, §9): status, schedule status, limits and the spec's messages word for word.
 * One place for them: the list, the editor, sections and the later issues (scheduling, learner) import these.
 */

/** Test status (part 3 §4): 1 Draft, 2 Ready, 3 Published, 4 Scheduled, 5 In Progress, 6 Completed; other values Terminated. */
export const TestStatus = {
  Draft: 1,
  Ready: 2,
  Published: 3,
  Scheduled: 4,
  InProgress: 5,
  Completed: 6,
} as const;
export type TestStatusId = (typeof TestStatus)[keyof typeof TestStatus];
export const testStatusName = (status: number): string =>
  ({ 1: 'Draft', 2: 'Ready', 3: 'Published', 4: 'Scheduled', 5: 'In Progress', 6: 'Completed' })[status] ??
  'Terminated';

/** Test type (part 3 §9): 0 a full test, 1 a quick test. */
export const TestType = { Full: 0, Quick: 1 } as const;

/** Content filter of the lists (part 3 §9): 0 All, 1 Owned, 2 Subscribed. */
export const TestContentFilter = { All: 0, Owned: 1, Subscribed: 2 } as const;

/** Limits and defaults (part 3 §9, §5). */
export const testLimits = {
  codeMin: 3,
  codeMax: 20,
  nameMin: 3,
  nameMax: 200,
  copyCodeMax: 20,
  durationMin: 1,
  durationMax: 360,
  durationDefault: 180,
  questionsPerPageMin: 1,
  questionsPerPageMax: 20,
  questionsPerPageDefault: 1,
  attemptsDefault: 1,
  attemptsMax: 100,
  expiryDefault: '2099-12-31',
  difficultyDefault: 2,
  maxSectionsPerTest: 10,
  sectionCodeMax: 40,
  sectionNameMin: 5,
  sectionNameMax: 200,
  noOfChoicesMax: 6,
  noOfChoicesDefault: 4,
  choiceFormatDefault: 3,
  editorImageMaxBytes: 30 * 1024,
  pageSizes: [10, 30, 50, 70, 100] as const,
} as const;

/** The spec's messages for tests (part 3 §8 "Test actions", "Bulk update", "Test wizard", "Quick test and editor"). */
export const testMessages = {
  dataNotFound: 'Data not found',
  // delete / cleanup / copy
  confirmDelete: 'Are you sure you want to delete this test?',
  deleted: 'Test deleted successfully',
  confirmCleanup: 'Are you sure you want to cleanup the test?',
  cleanedUp: 'Test cleanup successfully',
  copied: 'Test copy created successfully.',
  copyFailedSuffix: '. Please update the test code and try again.',
  // bulk update (§8 "Bulk update (tests) validation")
  bulkNoField: 'Please select field to update',
  bulkNoTests: 'Please select tests to update',
  bulkNoValue: 'Please select values to update',
  bulkCode: 'Cannot update code',
  bulkPublished: 'Cannot update status as Published',
  bulkScheduled: 'Cannot update status as Scheduled',
  bulkInProgress: 'Cannot update status as In-Progress ',
  bulkNotConfigured: 'Cannot update not configured',
  bulkUpdated: 'Test(s) updated successfully',
  // wizard (§8 "Test wizard", §4 "Full test wizard")
  codeOrNameExists: 'Test code or name already exists.',
  createdInDraft: 'Test Created in Draft.',
  saved: 'Test saved successfully.',
  activationError: 'Error occured.',
  selectObjective: 'Please select objective.',
  upgradeForTests: 'Please upgrade to higher package to create additional tests.',
  codeExists: 'Test code already present',
  nameExists: 'Test name already present',
  // configuration (§5 "Test configuration")
  durationRange: 'Range 1-360 minutes',
  editorImageTooBig: 'Image size exceeds 30KB',
  // quick test and editor (§8)
  notActivated: 'Test not activated.',
  activationFailed: 'An error occurred while activating the test.',
  activatedAndSaved: 'Test activated and saved successfully.',
  detailsSaved: 'Details saved successfully',
  testsUpdated: 'Tests updated successfully',
  updated: 'Updated successfully',
  savedShort: 'Saved successfully',
  errorOccured: 'Error occured',
  // preview (§8)
  previewEmpty: 'Questions are yet to be added to the test. Please do the needful.',
  // ours, where the spec is silent
  conflict: 'This test was changed by someone else. Reload it to see their changes, then save again.',
  notOwner: 'Only the provider that owns this test can change it.',
  locked: 'This test is locked by another user.',
  published: 'A published test cannot be changed. Copy it to make changes.',
  publishOnlyReady: 'Only a Ready test can be published.',
  publishedSuccessfully: 'Test published successfully',
  lockedMessage: 'Test locked',
  unlockedMessage: 'Test unlocked',
  unlockNotAllowed: 'Only the user who locked this test, or a super user of its provider, can unlock it.',
} as const;

/** Section (pool) messages (part 2 §5, §8; part 3 §5 "Section form", §8). */
export const sectionMessages = {
  maxSections: 'You can create only 10 sections for a test',
  created: 'Section created successfully',
  deleted: 'Pool deleted successfully',
  questionDeleted: 'Question deleted',
  errorOccured: 'Error occured',
  errorCreatingPool: 'Error creating pool',
  defaultPoolNotCreated: 'Default pool not created',
  supplyWarning: 'Question assigned to pool and topics are less than question count provided',
  questionsAdded: 'Questions added to pool successfully',
  topicsAdded: 'Topics added to pool successfully',
  // form (part 3 §5 "Section form", part 2 §5)
  codeNameCountMandatory: 'Code ,Name & Number of Questions Allowed is mandatory',
  countMandatory: 'Number of Questions Allowed is mandatory',
  codeMandatory: 'Code is mandatory',
  nameMandatory: 'Section name is mandatory',
  nameMandatorySeries: 'Section name is Mandatory',
  maxForScore: 'Max Questions For Score shold be greater than or equal to Numbers Of Questions To Allow.',
  masteryAbovePassing:
    'Please either remove the zero or enter a mastery score greater than the passing score',
  mandatoryToPassScores:
    'Mastery Score and Passing Score must be provided when is mandatory to pass is checked.',
  passingWhenMandatory: "Passing score required while 'Is Mandatory to Pass' is on",
  noOfChoices: 'Enter value greater than 2 and less than or equal to 6 for number of choices.',
  // section question dialog (part 2 §5)
  questionTextOrImage: 'Please enter question text or select question image. ',
  setChoices: 'Please set choices.',
  selectAnswers: 'Please select answer(s).',
  questionCreated: 'Question created successfully',
} as const;
