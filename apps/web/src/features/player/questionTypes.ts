import { QuestionType } from '@assess/contracts/questions';

export type { PlayerQuestion } from '@assess/contracts/learner';
/** How a question's texts are written, by the question bank's content type (1 Text, 3 LaTeX, 4 HTML). */
export { formatOf } from '../question-bank/content';

/** Question types of the question bank: 1 MCQ, 2 SCQ, 3 True/False, 4 Numerical. */
export const QuestionTypeCodes = QuestionType;
