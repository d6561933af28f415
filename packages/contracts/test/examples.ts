// Valid bodies the contract tests start from (each test changes what it checks).
import { ContentType, QuestionType } from '../src/questions/codes';

/** A valid SCQ question (§3): text, two choices, the second correct, in topic 1; code and status left out. */
export const scqQuestion = {
  questionType: QuestionType.SCQ as number,
  contentType: ContentType.Text as number,
  text: 'What is 2 + 2?',
  choices: [
    { text: '3', image: null },
    { text: '4', image: null },
  ],
  correctChoices: [2],
  topicIds: [1],
};
