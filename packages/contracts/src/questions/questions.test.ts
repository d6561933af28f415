import { describe, expect, it } from 'vitest';
import { scqQuestion } from '../../test/examples';
import { bulkResultReport, bulkUpdateIssue, bulkUpdateSchema } from './bulk';
import { ContentType, QuestionStatus, QuestionType } from './codes';
import { questionMessages as m } from './messages';
import {
  addTopicDepthIssue,
  answerIssue,
  answersReadOnly,
  answersSubmitDisabled,
  choiceLabel,
  createIssue,
  hasAnswers,
  hasChoiceWeights,
  hasText,
  isValidQuestionCode,
  mayOfferNewQuestion,
  meetsReadyCriteria,
  normaliseChoices,
  questionRowActions,
  statusChangeIssue,
  treeNodeActions,
  updateIssue,
  weightedCorrectChoices,
} from './rules';
import { questionCreateSchema, questionUpdateSchema } from './schemas';

const choices = (...texts: (string | null)[]) => texts.map((text) => ({ text, image: null }));
const base = {
  ...scqQuestion,
  code: 'Q-1',
  image: null,
  numericAnswer: null,
  status: QuestionStatus.Draft as number,
};

describe('code rule (§5)', () => {
  it('accepts letters, digits, hyphen and underscore up to 20', () => {
    expect(isValidQuestionCode('Ab-9_x')).toBe(true);
    expect(isValidQuestionCode('a'.repeat(20))).toBe(true);
  });
  it('refuses spaces, special characters and 21 characters', () => {
    for (const c of ['a b', 'a/b', 'é', 'a'.repeat(21), '']) expect(isValidQuestionCode(c)).toBe(false);
    // over 20 characters says so (not the special-characters message); a space gets that one
    const r = questionCreateSchema.safeParse({ ...base, code: 'a'.repeat(21) });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(m.codeTooLong);
    expect(r.error?.issues.map((i) => i.message)).not.toContain(m.codeInvalid);
    const spaced = questionCreateSchema.safeParse({ ...base, code: 'a b' });
    expect(spaced.error?.issues.map((i) => i.message)).toContain(m.codeInvalid);
  });
});

describe('answers per type', () => {
  it('MCQ: one or more filled choices', () => {
    const q = {
      ...base,
      questionType: QuestionType.MCQ,
      choices: choices('a', 'b', 'c'),
      correctChoices: [1, 3],
    };
    expect(answerIssue(q)).toBeNull();
    expect(hasAnswers(q)).toBe(true);
    expect(answerIssue({ ...q, correctChoices: [4] })).toBe(m.answerNotAChoice);
    expect(answerIssue({ ...q, choices: choices('a', null, 'c'), correctChoices: [2] })).toBe(
      m.answerNotAChoice,
    );
    expect(answerIssue({ ...q, correctChoices: [1, 1] })).toBe(m.answerNotAChoice);
    expect(hasAnswers({ ...q, correctChoices: [] })).toBe(false);
  });
  it('SCQ and True/False: exactly one', () => {
    expect(answerIssue({ ...base, correctChoices: [1, 2] })).toBe(m.oneAnswerOnly);
    const tf = {
      ...base,
      questionType: QuestionType.TrueFalse,
      choices: choices('True', 'False'),
      correctChoices: [1],
    };
    expect(answerIssue(tf)).toBeNull();
    expect(answerIssue({ ...tf, choices: [] })).toBeNull();
    expect(answerIssue({ ...tf, choices: choices('Yes', 'No') })).toBe(m.trueFalseChoices);
    expect(answerIssue({ ...tf, choices: choices('True', 'False', 'Maybe') })).toBe(m.trueFalseChoices);
    expect(normaliseChoices(QuestionType.TrueFalse, [])).toEqual(choices('True', 'False'));
  });
  it('Numerical: a number and no choices', () => {
    const n = {
      ...base,
      questionType: QuestionType.Numerical,
      choices: [],
      correctChoices: [],
      numericAnswer: 4,
    };
    expect(answerIssue(n)).toBeNull();
    expect(hasAnswers(n)).toBe(true);
    expect(hasAnswers({ ...n, numericAnswer: null })).toBe(false);
    expect(answerIssue({ ...n, correctChoices: [1] })).toBe(m.numericalNoChoices);
    expect(answerIssue({ ...n, numericAnswer: Number.NaN })).toBe(m.numericalAnswerNumber);
    const r = questionCreateSchema.safeParse({ ...n, numericAnswer: 'four' });
    expect(r.error?.issues.map((i) => i.message)).toContain(m.numericalAnswerNumber);
  });
  it('a 7th choice is refused', () => {
    const r = questionCreateSchema.safeParse({
      ...base,
      choices: choices('1', '2', '3', '4', '5', '6', '7'),
    });
    expect(r.error?.issues.map((i) => i.message)).toContain(m.tooManyChoices);
  });
});

describe('lifecycle', () => {
  it('create: the mandatory messages of §5', () => {
    expect(createIssue(base)).toBeNull();
    expect(createIssue({ ...base, topicIds: [] })).toBe(m.createMandatory);
    expect(createIssue({ ...base, text: null })).toBe(m.createMandatory);
    expect(createIssue({ ...base, text: null, image: 5 })).toBeNull();
    expect(createIssue({ ...base, status: QuestionStatus.Ready, correctChoices: [] })).toBe(
      m.createReadyMandatory,
    );
    expect(createIssue({ ...base, status: QuestionStatus.Ready })).toBeNull();
    expect(createIssue({ ...base, contentType: ContentType.Html, text: '<p> </p>' })).toBe(m.createMandatory);
  });
  it('update as Ready: answers, then text or image', () => {
    const ready = { ...base, status: QuestionStatus.Ready };
    expect(updateIssue({ ...ready, correctChoices: [] })).toBe(m.readyNeedsAnswers);
    expect(updateIssue({ ...ready, text: null })).toBe(m.readyNeedsContent);
    expect(updateIssue(ready)).toBeNull();
    expect(updateIssue({ ...base, correctChoices: [] })).toBeNull();
    expect(meetsReadyCriteria(ready)).toBe(true);
    expect(meetsReadyCriteria({ ...ready, text: '  ' })).toBe(false);
    const r = questionUpdateSchema.safeParse({ ...ready, correctChoices: [], version: 1 });
    expect(r.error?.issues[0].message).toBe(m.readyNeedsAnswers);
  });
  it('status transitions', () => {
    expect(statusChangeIssue(null, 1, false)).toBeNull();
    expect(statusChangeIssue(null, 2, false)).toBeNull();
    expect(statusChangeIssue(null, 3, true)).toBe(m.draftCannotBePublished);
    expect(statusChangeIssue(1, 3, true)).toBe(m.draftCannotBePublished);
    expect(statusChangeIssue(2, 3, false)).toBe(m.noPublishPrivilege);
    expect(statusChangeIssue(2, 3, true)).toBeNull();
    expect(statusChangeIssue(2, 1, false)).toBeNull();
    expect(statusChangeIssue(3, 3, true)).toBe(m.publishedNotEditable);
    expect(statusChangeIssue(3, 2, true)).toBe(m.publishedStatusLocked);
  });
  it('HTML text counts when it shows text or an image', () => {
    expect(hasText(ContentType.Html, '<p>&nbsp;</p>')).toBe(false);
    expect(hasText(ContentType.Html, '<p><img src="/x"></p>')).toBe(true);
    expect(hasText(ContentType.LaTeX, '$x^2$')).toBe(true);
  });
});

describe('labels and screen rules', () => {
  it('the 12 choice formats', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((f) => choiceLabel(f, 4))).toEqual([
      'd)',
      '(d)',
      'd.',
      'D)',
      '(D)',
      'D.',
      '4)',
      '(4)',
      '4.',
      'iv)',
      '(iv)',
      'iv.',
    ]);
  });
  it('row actions follow ownership and status (§6)', () => {
    const all = {
      privileges: { Question: ['UpdateQuestion', 'DeleteQuestion', 'PublishQuestion', 'PreviewQuestion'] },
    };
    expect(questionRowActions({ owned: true, status: 2 }, all)).toEqual({
      edit: true,
      delete: true,
      publish: true,
      preview: true,
    });
    expect(questionRowActions({ owned: true, status: 1 }, all).publish).toBe(false);
    expect(questionRowActions({ owned: true, status: 3 }, all)).toMatchObject({
      edit: false,
      delete: false,
      publish: false,
    });
    expect(questionRowActions({ owned: false, status: 2 }, all)).toMatchObject({
      edit: false,
      delete: false,
      publish: false,
    });
  });
  it('tree buttons (§5)', () => {
    const p = {
      privileges: { CategoryTopic: ['CreateCategory', 'CreateTopic', 'EditTopic', 'DeleteTopic'] },
    };
    const node = {
      nodeType: 'category' as const,
      owned: true,
      questionCount: 0,
      hasCategoryChildren: false,
      hasTopicChildren: false,
    };
    expect(treeNodeActions(node, p)).toEqual({
      addCategory: true,
      addTopic: true,
      rename: true,
      delete: true,
    });
    expect(treeNodeActions({ ...node, hasTopicChildren: true }, p)).toMatchObject({
      addCategory: false,
      addTopic: true,
      delete: false,
    });
    expect(treeNodeActions({ ...node, hasCategoryChildren: true }, p)).toMatchObject({
      addCategory: true,
      addTopic: false,
    });
    expect(treeNodeActions({ ...node, nodeType: 'topic', questionCount: 2 }, p)).toMatchObject({
      addCategory: false,
      addTopic: false,
      delete: false,
    });
    expect(treeNodeActions({ ...node, owned: false }, p)).toEqual({
      addCategory: false,
      addTopic: false,
      rename: false,
      delete: false,
    });
  });
  it('answer setting read-only rules (§2)', () => {
    expect(answersReadOnly({ providerId: 1, providerTypeId: 1, roles: [1] }, 2)).toBe(true);
    expect(answersReadOnly({ providerId: 1, providerTypeId: 3, roles: [3] }, 2)).toBe(true);
    expect(answersReadOnly({ providerId: 1, providerTypeId: 2, roles: [5] }, 1)).toBe(false);
    expect(answersReadOnly({ providerId: 1, providerTypeId: 2, roles: [8] }, 1)).toBe(true);
    expect(answersSubmitDisabled({ providerId: 1, providerTypeId: 1, roles: [1] }, 2)).toBe(true);
    expect(answersSubmitDisabled({ providerId: 1, providerTypeId: 3, roles: [3] }, 2)).toBe(false);
  });
});

describe('bulk update checks (§5) in the spec order', () => {
  const ids = [1];
  it.each([
    [{ field: '', value: 1, questionIds: ids }, m.bulkSelectField],
    [{ field: 'none', value: 1, questionIds: ids }, m.bulkNotConfigured],
    [{ field: 'code', value: 'x', questionIds: ids }, m.bulkCode],
    [{ field: 'contentType', value: 1, questionIds: ids }, m.bulkContentType],
    [{ field: 'questionType', value: 1, questionIds: ids }, m.bulkQuestionType],
    [{ field: 'status', value: '', questionIds: ids }, m.bulkSelectValues],
    [{ field: 'objective', value: [], questionIds: ids }, m.bulkSelectValues],
    [{ field: 'status', value: 2, questionIds: [] }, m.bulkSelectQuestions],
    [{ field: 'status', value: 7, questionIds: ids }, m.bulkInvalidValue],
    [{ field: 'status', value: 2, questionIds: ids }, null],
  ])('%j → %s', (body, message) => {
    expect(bulkUpdateIssue(body)).toBe(message);
    const r = bulkUpdateSchema.safeParse(body);
    expect(r.success ? null : r.error.issues[0].message).toBe(message);
  });
});

describe('bulk update report', () => {
  const result = (updatedCount: number, unchangedCount: number, note: string | null = null) => ({
    message: m.bulkUpdated,
    totalCount: updatedCount + unchangedCount,
    publishedCount: 0,
    readyCount: updatedCount,
    draftCount: unchangedCount,
    updatedCount,
    unchangedCount,
    note,
  });
  it('changed nothing: a warning that says so, never a green success', () => {
    expect(bulkResultReport(result(0, 3, m.bulkCriteriaNote))).toEqual({
      tone: 'warning',
      text: `No question was changed. Question(s) updated successfully: total 3, published 0, ready 0, draft 3. ${m.bulkCriteriaNote}`,
    });
  });
  it('some left as they were: a warning; all changed: success', () => {
    expect(bulkResultReport(result(2, 1)).tone).toBe('warning');
    expect(bulkResultReport(result(3, 0))).toEqual({
      tone: 'success',
      text: 'Question(s) updated successfully: total 3, published 0, ready 3, draft 0',
    });
  });
});

describe('adding a topic at the package depth', () => {
  it('a topic at the TopicHierarchy depth takes no child topic, with the reason; categories and shallower topics do', () => {
    expect(addTopicDepthIssue({ nodeType: 'topic', depth: 3 }, 3)).toBe(
      'You cannot create more than 3 level hierarchy.',
    );
    expect(addTopicDepthIssue({ nodeType: 'topic', depth: 2 }, 3)).toBeNull();
    expect(addTopicDepthIssue({ nodeType: 'category', depth: 0 }, 3)).toBeNull();
  });
});

describe("the questions list's + New", () => {
  it('is offered only when a question can be saved: an own topic, or the right to make one', () => {
    const subscriberAdmin = { privileges: { Question: ['ViewQuestion', 'CreateQuestion'] } };
    const curator = { privileges: { Question: ['CreateQuestion'], CategoryTopic: ['CreateTopic'] } };
    expect(mayOfferNewQuestion(subscriberAdmin, 0)).toBe(false);
    expect(mayOfferNewQuestion(subscriberAdmin, 2)).toBe(true);
    expect(mayOfferNewQuestion(curator, 0)).toBe(true);
    expect(mayOfferNewQuestion({ privileges: { CategoryTopic: ['CreateTopic'] } }, 5)).toBe(false);
  });
});

describe('choice weights (issue 26)', () => {
  const c = (text: string, weight: number | null) => ({ text, image: null, weight });
  const mcq = {
    questionType: QuestionType.MCQ,
    contentType: ContentType.Text,
    choices: [c('a', 50), c('b', 50), c('c', -100)],
    correctChoices: [1, 2],
    numericAnswer: null,
  };
  it('MCQ: the positive weights are the correct choices and add up to 100', () => {
    expect(answerIssue(mcq)).toBeNull();
    expect(answerIssue({ ...mcq, correctChoices: [1] })).toBe(m.weightsMatchAnswers);
    expect(answerIssue({ ...mcq, choices: [c('a', 50), c('b', 40), c('c', -100)] })).toBe(m.weightsSum);
    expect(answerIssue({ ...mcq, choices: [c('a', 150), c('b', -50), c('c', 0)] })).toBe(m.weightRange);
  });
  it('SCQ: the choice at 100 is the correct one, another may earn part; True/False takes none', () => {
    const scq = { ...mcq, questionType: QuestionType.SCQ, choices: [c('a', 100), c('b', 50), c('c', -50)] };
    expect(answerIssue({ ...scq, correctChoices: [1] })).toBeNull();
    expect(weightedCorrectChoices(QuestionType.SCQ, scq.choices)).toEqual([1]);
    expect(answerIssue({ ...scq, correctChoices: [2] })).toBe(m.weightsMatchAnswers);
    expect(
      answerIssue({
        ...mcq,
        questionType: QuestionType.TrueFalse,
        choices: [c('True', 100), c('False', 0)],
        correctChoices: [1],
      }),
    ).toBe(m.weightsChoiceOnly);
  });
  it('no weight on any choice: all or nothing, as before', () => {
    expect(hasChoiceWeights([c('a', null), c('b', null)])).toBe(false);
    expect(answerIssue({ ...mcq, choices: [c('a', null), c('b', null)], correctChoices: [1] })).toBeNull();
  });
});
