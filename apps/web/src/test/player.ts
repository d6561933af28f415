// A question as the player shows it (the learner area's and the player's component tests).
import type { PlayerQuestion } from '@assess/contracts/learner';

/** Question n (id 100 + n): an SCQ in text without choices, unless patched. */
export const playerQuestion = (n: number, patch: Partial<PlayerQuestion> = {}): PlayerQuestion => ({
  questionId: 100 + n,
  number: n,
  questionType: 2,
  contentType: 1,
  text: `Question ${n}`,
  imageUrl: null,
  paragraphText: null,
  paragraphImageUrl: null,
  choiceFormat: 0,
  choices: [],
  hint: null,
  isMandatory: false,
  points: 1,
  ...patch,
});
