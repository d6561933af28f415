import {
  contentTypeIds,
  contentTypeNames,
  difficultyIds,
  difficultyNames,
  questionStatusIds,
  questionStatusNames,
  questionTypeIds,
  questionTypeNames,
} from '@assess/contracts/questions';

export type QuestionOption = { id: number; label: string };
const options = <T extends number>(ids: readonly T[], names: Record<T, string>): QuestionOption[] =>
  ids.map((id) => ({ id, label: names[id] }));

/** The question fields' values in the spec's words: the grid's filters and its bulk update offer the same. */
export const questionOptions = {
  questionType: options(questionTypeIds, questionTypeNames),
  contentType: options(contentTypeIds, contentTypeNames),
  status: options(questionStatusIds, questionStatusNames),
  difficultyLevel: options(difficultyIds, difficultyNames),
};
