// Pure rules of the question bank: the server enforces them, the console uses them to guide the author.
import { licenceMessages } from '../access/licences';
import { hasPrivilege, type PrivilegeObject } from '../access/privileges';
import { Role } from '../access/roles';
import {
  ContentType,
  choiceFormats,
  DEFAULT_CHOICE_FORMAT,
  MAX_CHOICES,
  QUESTION_CODE_MAX,
  QuestionStatus,
  type QuestionStatusId,
  QuestionType,
  type QuestionTypeId,
  TRUE_FALSE_CHOICES,
} from './codes';
import { questionMessages as m } from './messages';

/* ---------- code ---------- */

const CODE = /^[A-Za-z0-9_-]+$/;
/** §5: letters, digits, hyphen, underscore; at most 20. An empty code is "missing", not "invalid". */
export const isValidQuestionCode = (code: string) => code.length <= QUESTION_CODE_MAX && CODE.test(code);
/** Why a code is refused, or null: over 20 characters says so, before the characters rule. */
export const questionCodeIssue = (code: string): string | null =>
  code.length > QUESTION_CODE_MAX ? m.codeTooLong : CODE.test(code) ? null : m.codeInvalid;

/* ---------- choices and their labels ---------- */

/**
 * A choice. `weight` (issue 26, partial credit; MCQ and SCQ only): the percentage of the question's points the
 * choice earns when chosen (-100..100, Moodle's fraction); null on every choice = all or nothing (the spec's
 * default). `feedback`: plain text shown with the evaluation when the student chose it.
 */
export type Choice = {
  text: string | null;
  image: number | null;
  weight?: number | null;
  feedback?: string | null;
};

const ROMAN: [number, string][] = [
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];
function roman(n: number) {
  let out = '';
  for (const [v, s] of ROMAN)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

/** The label of choice `choiceId` (1-based) in a choice format (0–11): format 1, choice 2 → '(b)'. */
export function choiceLabel(format: number, choiceId: number): string {
  const f = choiceFormats.find((c) => c.id === format) ?? choiceFormats[DEFAULT_CHOICE_FORMAT];
  const x =
    f.kind === 'lower'
      ? String.fromCharCode(96 + choiceId)
      : f.kind === 'upper'
        ? String.fromCharCode(64 + choiceId)
        : f.kind === 'number'
          ? String(choiceId)
          : roman(choiceId);
  return f.pattern.replace('{x}', x);
}

/** Plain text of an HTML fragment (tags dropped, entities of spaces read as spaces): emptiness checks only. */
export const htmlToPlainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a text field holds something a reader sees (HTML: text or an embedded image). */
export function hasText(contentType: number, text: string | null | undefined): boolean {
  if (!text) return false;
  if (contentType === ContentType.Html) return htmlToPlainText(text).length > 0 || /<img\b/i.test(text);
  return text.trim().length > 0;
}

export const isChoiceFilled = (c: Choice | undefined, contentType: number = ContentType.Text) =>
  Boolean(c && (hasText(contentType, c.text) || c.image));

/** True/False always has the two fixed choices (§2); Numerical has none. */
export function normaliseChoices(questionType: number, choices: readonly Choice[]): Choice[] {
  if (questionType === QuestionType.TrueFalse)
    return TRUE_FALSE_CHOICES.map((text) => ({ text, image: null }));
  if (questionType === QuestionType.Numerical) return [];
  return choices.map((c) => ({
    text: c.text ?? null,
    image: c.image ?? null,
    weight: c.weight ?? null,
    feedback: c.feedback ?? null,
  }));
}

/* ---------- partial credit (issue 26) ---------- */

/** Whether the question scores by choice weights (any choice has one) rather than all or nothing. */
export const hasChoiceWeights = (choices: readonly Choice[]) =>
  choices.some((c) => c.weight !== null && c.weight !== undefined);

/**
 * The correct choices weights imply: MCQ every choice with a positive weight, SCQ the choice at 100
 * (an SCQ may give part of its points to a nearly right choice, as Moodle's single-answer multichoice).
 */
export function weightedCorrectChoices(questionType: number, choices: readonly Choice[]): number[] {
  const ids: number[] = [];
  choices.forEach((c, i) => {
    const w = c.weight ?? 0;
    if (questionType === QuestionType.MCQ ? w > 0 : Math.abs(w - 100) < 1e-9) ids.push(i + 1);
  });
  return ids;
}

/**
 * Weights fit the question: only MCQ and SCQ, each -100..100, the correct choices are those weightedCorrectChoices
 * names, and an MCQ's positive weights add up to 100 (a full answer earns the points, never more). Null: fine.
 */
export function choiceWeightIssue(
  q: Pick<QuestionAnswer, 'questionType' | 'choices' | 'correctChoices'>,
): string | null {
  if (!hasChoiceWeights(q.choices)) return null;
  if (q.questionType !== QuestionType.MCQ && q.questionType !== QuestionType.SCQ) return m.weightsChoiceOnly;
  const weights = q.choices.map((c) => c.weight ?? 0);
  if (weights.some((w) => !Number.isFinite(w) || w < -100 || w > 100)) return m.weightRange;
  const derived = weightedCorrectChoices(q.questionType, q.choices);
  const given = [...new Set(q.correctChoices)].sort((a, b) => a - b);
  if (derived.length !== given.length || derived.some((id, i) => id !== given[i]))
    return m.weightsMatchAnswers;
  if (q.questionType === QuestionType.MCQ && derived.length) {
    const sum = weights.filter((w) => w > 0).reduce((a, b) => a + b, 0);
    if (Math.abs(sum - 100) > 0.01) return m.weightsSum;
  }
  return null;
}

/* ---------- answers ---------- */

/** What a question's answer is made of: correct choice ids (1-based) or, for Numerical, a number. */
export type QuestionAnswer = {
  questionType: number;
  contentType: number;
  choices: readonly Choice[];
  correctChoices: readonly number[];
  numericAnswer: number | null;
};

/** §4: "answers set": MCQ at least one correct choice, SCQ and True/False exactly one, Numerical a number. */
export function hasAnswers(q: Pick<QuestionAnswer, 'questionType' | 'correctChoices' | 'numericAnswer'>) {
  if (q.questionType === QuestionType.Numerical)
    return typeof q.numericAnswer === 'number' && Number.isFinite(q.numericAnswer);
  if (q.questionType === QuestionType.MCQ) return q.correctChoices.length > 0;
  return q.correctChoices.length === 1;
}

/**
 * Whether the choices and the answer fit the question type (an empty answer is fine here: whether one is
 * required depends on the status). Returns the message of the first problem, or null.
 * MCQ: correct choices are filled choices; SCQ/True-False: at most one; Numerical: a number, no choices.
 */
export function answerIssue(q: QuestionAnswer): string | null {
  if (q.choices.length > MAX_CHOICES) return m.tooManyChoices;
  if (q.questionType === QuestionType.Numerical) {
    if (q.choices.some((c) => isChoiceFilled(c, q.contentType)) || q.correctChoices.length)
      return m.numericalNoChoices;
    if (q.numericAnswer !== null && !Number.isFinite(q.numericAnswer)) return m.numericalAnswerNumber;
    return null;
  }
  if (q.numericAnswer !== null) return m.numericalNoChoices;
  if (q.questionType === QuestionType.TrueFalse) {
    const texts = q.choices.map((c) => (c.text ?? '').trim().toLowerCase());
    const fixed = TRUE_FALSE_CHOICES.map((t) => t.toLowerCase());
    if (q.choices.length && (texts.length !== 2 || texts.some((t, i) => t !== fixed[i])))
      return m.trueFalseChoices;
  }
  const choices = q.questionType === QuestionType.TrueFalse ? normaliseChoices(3, []) : q.choices;
  if (new Set(q.correctChoices).size !== q.correctChoices.length) return m.answerNotAChoice;
  for (const id of q.correctChoices) {
    if (
      !Number.isInteger(id) ||
      id < 1 ||
      id > MAX_CHOICES ||
      !isChoiceFilled(choices[id - 1], q.contentType)
    )
      return m.answerNotAChoice;
  }
  if (q.questionType !== QuestionType.MCQ && q.correctChoices.length > 1) return m.oneAnswerOnly;
  return choiceWeightIssue(q);
}

/* ---------- lifecycle ---------- */

export type QuestionContent = QuestionAnswer & { code: string; text: string | null; image: number | null };

/** §4: Ready needs answers and text or image. */
export const hasQuestionContent = (q: Pick<QuestionContent, 'contentType' | 'text' | 'image'>) =>
  hasText(q.contentType, q.text) || Boolean(q.image);

/**
 * §5 create: "Code, Topics and, Image or Text is mandatory."; as Ready also answers (and the content
 * type): "Code, Topics ,Answers and, Image or Text is mandatory.". Then the answer must fit the type.
 */
export function createIssue(
  q: QuestionContent & { status: number; topicIds: readonly number[] },
): string | null {
  const basics = q.code.length > 0 && q.topicIds.length > 0 && hasQuestionContent(q);
  if (q.status === QuestionStatus.Ready && !(basics && q.contentType && hasAnswers(q)))
    return m.createReadyMandatory;
  if (!basics) return m.createMandatory;
  return answerIssue(q);
}

/**
 * §5 update: code, topics and text or image stay mandatory; as Ready (or Published) also
 * "Answers is mandatory ..." and "Image or text should not empty ...". Then the answer must fit the type.
 */
export function updateIssue(
  q: QuestionContent & { status: number; topicIds: readonly number[] },
): string | null {
  if (q.status >= QuestionStatus.Ready) {
    if (!hasAnswers(q)) return m.readyNeedsAnswers;
    if (!hasQuestionContent(q)) return m.readyNeedsContent;
  }
  if (!(q.code.length > 0 && q.topicIds.length > 0 && hasQuestionContent(q))) return m.createMandatory;
  return answerIssue(q);
}

/** Whether a question with this content may be Ready (or Published): answers and text or image (§4). */
export const meetsReadyCriteria = (q: Omit<QuestionContent, 'code'>) =>
  hasAnswers(q) && hasQuestionContent(q) && answerIssue(q) === null;

/**
 * The status transitions (§4). `from` null is a new question. New: Draft or Ready. Published is reached
 * only from a stored Ready, and only with PublishQuestion. A Published question no longer changes.
 * Returns the message that refuses the change, or null.
 */
export function statusChangeIssue(
  from: QuestionStatusId | null,
  to: QuestionStatusId,
  canPublish: boolean,
): string | null {
  if (from === QuestionStatus.Published)
    return to === from ? m.publishedNotEditable : m.publishedStatusLocked;
  if (to !== QuestionStatus.Published) return null;
  if (!canPublish) return m.noPublishPrivilege;
  if (from === null || from === QuestionStatus.Draft) return m.draftCannotBePublished;
  return null;
}

/** Whether the question type may be used: Numerical needs NumericalQuestionType (§6). */
export const mayUseQuestionType = (p: Pick<PrivilegeObject, 'privileges'>, type: QuestionTypeId | number) =>
  type !== QuestionType.Numerical || hasPrivilege(p, 'Question', 'NumericalQuestionType');

/* ---------- what the screens offer (§5, §6) ---------- */

type Privileges = Pick<PrivilegeObject, 'privileges'>;

/** Row actions of the question grid (§6): edit/delete only for own, unpublished questions; publish only from Ready. */
export function questionRowActions(row: { owned: boolean; status: number }, p: Privileges) {
  const ownDraftOrReady = row.owned && row.status !== QuestionStatus.Published;
  return {
    edit: ownDraftOrReady && hasPrivilege(p, 'Question', 'UpdateQuestion'),
    delete: ownDraftOrReady && hasPrivilege(p, 'Question', 'DeleteQuestion'),
    publish:
      row.owned && row.status === QuestionStatus.Ready && hasPrivilege(p, 'Question', 'PublishQuestion'),
    preview:
      hasPrivilege(p, 'Question', 'PreviewQuestion') || hasPrivilege(p, 'CategoryTopic', 'PreviewQuestion'),
  };
}

/** The node facts the tree's action rules need. */
export type TreeNodeFacts = {
  nodeType: 'category' | 'topic';
  owned: boolean;
  questionCount: number;
  hasCategoryChildren: boolean;
  hasTopicChildren: boolean;
};

/**
 * Per-node actions of the tree (§5, §6): the category button only on category nodes without topic
 * children; the topic button only on nodes with no questions and no category children; everything off on
 * another provider's nodes; delete only for empty leaves.
 */
export function treeNodeActions(node: TreeNodeFacts, p: Privileges) {
  const has = (name: string) => node.owned && hasPrivilege(p, 'CategoryTopic', name);
  const leaf = !node.hasCategoryChildren && !node.hasTopicChildren && node.questionCount === 0;
  return {
    addCategory: node.nodeType === 'category' && !node.hasTopicChildren && has('CreateCategory'),
    addTopic: node.questionCount === 0 && !node.hasCategoryChildren && has('CreateTopic'),
    rename: has('EditTopic'),
    delete: leaf && has('DeleteTopic'),
  };
}

/**
 * Why no topic can be added under `node` (null when one can): a topic at the package's TopicHierarchy depth takes
 * no child topic; the message is the server's ('You cannot create more than {n} level hierarchy.').
 */
export function addTopicDepthIssue(
  node: { nodeType: 'category' | 'topic'; depth: number },
  topicHierarchy: number,
): string | null {
  const childDepth = (node.nodeType === 'topic' ? node.depth : 0) + 1;
  return childDepth <= topicHierarchy
    ? null
    : licenceMessages.TopicHierarchy.replace('{n}', String(topicHierarchy));
}

/**
 * Whether the console offers '+ New' on the questions list: CreateQuestion, and an own topic to save into now or
 * the CreateTopic privilege to make one (a subscriber's Administrator has CreateQuestion but no own hierarchy
 * and no way to make one: every save would be refused).
 */
export const mayOfferNewQuestion = (p: Privileges, ownTopicCount: number) =>
  hasPrivilege(p, 'Question', 'CreateQuestion') &&
  (ownTopicCount > 0 || hasPrivilege(p, 'CategoryTopic', 'CreateTopic'));

/** The caller facts of the answer-setting rules. */
export type AnswerCaller = { providerId: number; providerTypeId: number; roles: readonly number[] };

/**
 * §2 answer setting: read-only when the provider type is 1 or 3 and the hierarchy belongs to another
 * provider, or when the first role is 8 (Read Only). Saving also needs an own hierarchy (the server refuses
 * other providers' hierarchies for every type) and SetAnswer.
 */
export function answersReadOnly(c: AnswerCaller, hierarchyProviderId: number) {
  const foreign = hierarchyProviderId !== c.providerId;
  return ((c.providerTypeId === 1 || c.providerTypeId === 3) && foreign) || c.roles[0] === Role.ReadOnly;
}
/** §2: Submit is disabled for provider type 1 on another provider's hierarchy. */
export const answersSubmitDisabled = (c: AnswerCaller, hierarchyProviderId: number) =>
  c.providerTypeId === 1 && hierarchyProviderId !== c.providerId;
