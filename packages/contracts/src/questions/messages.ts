// Messages of the question bank, word for word from spec part 2 §2, §4, §5 and §8 (spelling included).
// Messages the spec does not give are ours and marked so; docs/FEATURES.md lists them.

export const questionMessages = {
  /* §5 code */
  codeInvalid: 'Spaces and special characters are not allowd in code.',
  codeTooLong: 'Code can be at most 20 characters.', // ours
  /* §5 create */
  createReadyMandatory: 'Code, Topics ,Answers and, Image or Text is mandatory.',
  createMandatory: 'Code, Topics and, Image or Text is mandatory.',
  /* §5 update as Ready */
  readyNeedsAnswers: 'Answers is mandatory to set question status to ready state',
  readyNeedsContent: 'Image or text should not empty to set question status in ready state.',
  /* §4 alert when Ready is picked without answers */
  readyAlert: 'You have to set answers for question ready status',
  /* §5 section question dialog (also used by the answer rules) */
  enterTextOrImage: 'Please enter question text or select question image.',
  setChoices: 'Please set choices.',
  selectAnswers: 'Please select answer(s).',
  /* §8 create / update / delete / publish */
  created: 'Question created successfully',
  createFailed: 'Error occured',
  updated: 'Question updated successfully',
  updateFailed: 'Question not updated',
  deleted: 'Question deleted successfully',
  published: 'Question published successfully',
  /** §8: the same publish for a test's question (from the section's grid). */
  testQuestionPublished: 'Test Question published successfully',
  /* §4 / §8 lifecycle */
  draftCannotBePublished: 'Draft question cannot be published',
  publishedStatusLocked: 'You are not allowed to change the status of Published questions.',
  /* §5 bulk field update */
  bulkSelectField: 'Please select field to update.',
  bulkNotConfigured: 'Cannot update not configured.',
  bulkCode: 'Cannot update question code.',
  bulkContentType: 'Cannot update question content type.',
  bulkQuestionType: 'Cannot update question type.',
  bulkSelectValues: 'Please select values to update.',
  bulkSelectQuestions: 'Please select questions to update.',
  /* §8 bulk update */
  bulkUpdated: 'Question(s) updated successfully',
  bulkFailed: 'Questions not updated',
  bulkNothingChanged: 'No question was changed.', // ours: a bulk update that changed no row
  /** Ours: the note the spec says comes with a partial status change ("Ready or Publish criteria may not be met"). */
  bulkCriteriaNote: 'Ready or Publish criteria may not be met for some of the selected questions.',
  /* §2 preview popovers */
  hintNotAvailable: 'Hint not available',
  contentNotAvailable: 'Content not available',
  /* §2 grid */
  imageBasedQuestion: 'Image Based Question',

  /* ---------- ours ---------- */
  codeTaken: 'Question code already exists.',
  tooManyChoices: 'A question has at most 6 choices.',
  trueFalseChoices: 'A True/False question has exactly two choices: True and False.',
  answerNotAChoice: "The answer must be one of the question's choices.",
  oneAnswerOnly: 'Please select only one answer.',
  numericalAnswerNumber: 'The answer of a numerical question must be a number.',
  /** Ours (issue 27): the spec has no tolerance. */
  toleranceRange: 'The tolerance must be a number of zero or more.',
  numericalNoChoices: 'A numerical question has no choices.',
  /** Ours (issue 26): partial credit by choice weights. */
  weightsChoiceOnly: 'Choice weights are for multiple choice and single choice questions only.',
  weightRange: 'A choice weight is a percentage from -100 to 100.',
  weightsMatchAnswers:
    'With choice weights, the correct choices are those with a positive weight (single choice: the choice at 100).',
  weightsSum: 'The positive choice weights must add up to 100.',
  typeFixed: 'Question type and content type cannot be changed.',
  codeFixed: 'Question code cannot be changed.',
  publishedNotEditable: 'A published question cannot be edited.',
  publishedNotDeletable: 'A published question cannot be deleted.',
  onlyReadyPublishes: 'Only a question in Ready status can be published.',
  noPublishPrivilege: 'You do not have permission to publish questions.',
  noNumericalPrivilege: 'You do not have permission to create numerical questions.',
  staleVersion:
    'This question was changed by someone else after you opened it. Reload it to see the changes, then make your edit again.',
  inUse: (where: string) => `This question cannot be deleted: it is used in ${where}.`,
  invalidObjective: 'Please select a valid objective.',
  invalidTargetAudience: 'Please select a valid target audience.',
  invalidImage: 'The image was not found.',
  invalidTopic: 'Please select topics of your own hierarchy.',
  bulkInvalidValue: 'Please select a valid value for the field.',
  topicMapped: 'Questions mapped to the topic successfully',
  negativePointsRange: 'Negative points must be 0 or less.',
  pointsRange: 'Points must be 0 or more.',
  durationRange: 'Duration must be between 0 and 21600 seconds.',
  invalidDate: 'Please enter a valid date.',
  textTooLong: 'The text is too long.',
} as const;

/** Category/topic tree messages (§2, §5, §8); ours marked. */
export const treeMessages = {
  createFirstCategory: 'Create your first Category',
  emptyHierarchy: 'Please create category/topic(s) hierarchy and system configuration.',
  /** §8 (the licence texts: 'You cannot create more than {n} level hierarchy.' / '... more than {n} topics.'). */
  topicCreated: 'Topic created successfully',
  topicRemoved: 'Topic removed successfully',
  failed: 'Error occured',

  /* ---------- ours ---------- */
  categoryCreated: 'Category created successfully',
  categoryRemoved: 'Category removed successfully',
  categoryRenamed: 'Category updated successfully',
  topicRenamed: 'Topic updated successfully',
  nameRequired: 'Please enter a name.',
  nameTooLong: 'The name can have at most 100 characters.',
  categoryNameTaken: 'A category with this name already exists here.',
  topicNameTaken: 'A topic with this name already exists here.',
  topicHasQuestions: 'This topic has questions and cannot be deleted. Move or delete its questions first.',
  topicHasChildren: 'This topic has sub-topics and cannot be deleted. Delete its sub-topics first.',
  categoryHasChildren: 'This category has sub-categories or topics and cannot be deleted. Delete them first.',
  categoryHasTopics: 'This category already holds topics: a sub-category cannot be added to it.',
  categoryHasCategories: 'This category holds sub-categories: add the topic to one of them.',
  topicHasQuestionsNoChild: 'This topic has questions: a sub-topic cannot be added to it.',
  categoryOrParentRequired: 'Please select the category or the parent topic.',
} as const;

/** Answer setting (§2, §8). */
export const answerMessages = {
  notice: 'At most 500 questions can be set at a time.',
  saving: 'Your changes are being saved',
  saved: 'Answers set successfully.',
  notSaved: 'Answers not saved.',
  /** §2 counter: 'Questions X of N'. */
  counter: (x: number, n: number) => `Questions ${x} of ${n}`,
  showSolution: 'Show Solution',
  hideSolution: 'Hide Solution',

  /* ---------- ours ---------- */
  readOnly: 'Answers of this hierarchy are read-only for you.',
  stale:
    'Some of these questions were changed by someone else after you opened the page. Reload it to see the changes.',
  notInTopic: 'The question does not belong to this topic.',
} as const;

/** Image upload (ours; the size text is the one the spec uses for uploads). */
export const questionImageMessages = {
  noFile: 'Please select the file.',
  notAnImage: 'Please choose a JPEG, PNG, GIF or WebP image.',
  tooLarge: 'Please upload file less than 5 MB.',
  uploaded: 'Image uploaded successfully',
} as const;
