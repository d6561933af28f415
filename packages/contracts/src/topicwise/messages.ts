/** The spec's topic-wise messages (part 3 §8 "Topic-wise create", §4), word for word, and ours where it is silent. */
export const topicwiseMessages = {
  created: 'Tests created successfully.',
  codeExists: 'Test Code already exists',
  nameExists: 'Test Name already exists',
  notAllCreated: 'Not all tests were created...',
  andMore: (n: number) => `...and ${n} more`,
  createTests: 'Create Tests',
  creatingTests: 'Creating Tests...',
  topicNote: 'Category is mandatory and only child nodes are selectable.',
  // ours (the spec names the rule, not the words)
  selectTopic: 'Please select at least one topic.',
  leafOnly: 'Only child topics (topics without sub-topics) can be selected.',
  objectiveForAudience: 'Please select objective.',
  questionsAllowed: 'Questions Allowed must be at least 1.',
  points: 'Points per Question must be greater than 0.',
  countsMustMatch: 'SCQ and NUMERICAL question counts must add up to Questions Allowed.',
  setCount: 'setCount must be at least 1.',
  countNotNegative: 'Enter 0 or more.',
  prefix: 'Enter 3 to 20 characters.',
  required: 'Required',
  unknownTopic: 'A selected topic was not found in your question bank.',
  notLeaf: (name: string) => `Topic '${name}' has sub-topics; only child topics can be selected.`,
  tooFewQuestions: (topic: string, type: string, have: number, need: number) =>
    `Topic '${topic}' has ${have} Ready or Published ${type} question(s); ${need} are needed (${need - have} missing).`,
  partial: (created: number, requested: number) =>
    `${created} of ${requested} tests were created. The tests with these codes were not created because their code or name already exists:`,
  queued: (n: number) => `Creating ${n} tests in the background. Check Task manager for status.`,
  copied: 'Codes copied into clipboard',
} as const;
