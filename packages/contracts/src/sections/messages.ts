// Section messages the spec does not give (ours; docs/FEATURES.md lists them). The spec's own are
// sectionMessages in ../tests/common.ts.

export const sectionOwnMessages = {
  codeTooLong: 'Code can be at most 40 characters.',
  nameTooLong: 'Section name can be at most 200 characters.',
  notANumber: 'Please enter a number.',
  wholeNumber: 'Please enter a whole number.',
  notNegative: 'The value cannot be negative.',
  negativePoints: 'Negative points must be 0 or less.',
  choiceFormat: 'Please select a choice format.',
  codeTaken: 'A section with this code already exists in the test.',
  selectQuestions: 'Please select questions to add.',
  tooManyAtOnce: 'Please add at most 500 questions at a time.',
  selectTopics: 'Please select topic(s).',
  questionsPerTopic: 'Questions per topic must be a whole number of at least 1.',
  sectionLocked: 'This section is locked by another user.',
  questionLocked: 'This question is locked in the section. Unlock it first.',
  unlockNotAllowed: 'Only the user who locked this section can unlock it.',
  questionNotAvailable: 'Some of the selected questions are not available to your provider.',
  topicNotAvailable: 'Please select topics of your own hierarchy or of your content providers.',
  locked: 'Section locked',
  unlocked: 'Section unlocked',
  questionLockedDone: 'Question locked',
  questionUnlockedDone: 'Question unlocked',
  mandatorySet: 'Question marked mandatory',
  mandatoryCleared: 'Question no longer mandatory',
  noMandatoryPrivilege: 'You do not have permission to mark questions mandatory.',
  noTopicsPrivilege: 'You do not have permission to assign topics to a section.',
  noCreateQuestionPrivilege: 'You do not have permission to create questions.',
  noUpdateTestPrivilege: 'You do not have permission to change this test.',
  /** Fixed questions beyond the section's Number of Questions Allowed (the server and the picker). */
  moreThanAllowed: (allowed: number, held: number) =>
    `This section allows ${allowed} question${allowed === 1 ? '' : 's'} (Number of Questions Allowed) and holds ${held}: ${
      held >= allowed ? 'no more can be added' : `add at most ${allowed - held} more`
    }.`,
  /** Number of Questions Allowed lowered below the fixed questions the section holds. */
  allowedBelowFixed: (held: number) =>
    `This section holds ${held} fixed question${held === 1 ? '' : 's'}: Number of Questions Allowed cannot be less than that.`,
} as const;
