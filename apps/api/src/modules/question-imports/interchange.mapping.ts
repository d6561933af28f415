import { hasTexDelimiters, interchangeMessages as im } from '@assess/contracts/question-imports';
import {
  ContentType,
  choiceFormats,
  DEFAULT_CHOICE_FORMAT,
  isValidQuestionCode,
  meetsReadyCriteria,
  QUESTION_CODE_MAX,
  type QuestionCreateInput,
  type QuestionDetail,
  QuestionStatus,
  QuestionType,
  questionImageUrl,
} from '@assess/contracts/questions';
import {
  type ChoiceNumbering,
  htmlToText,
  type IxKind,
  type IxQuestion,
  type IxText,
  isSimpleHtml,
  PLUGINFILE,
  pluginfileName,
  pluginfileRefs,
  reservedImage,
  stemOf,
  textToHtml,
} from './formats/model';

/**
 * The question bank ↔ interchange mapping (docs/question-interchange.md): one place for both ways, whatever
 * the format. Import decides the content type (Html, LaTeX or Text), moves the reserved images into the
 * question's image fields and inline images into our image route; export does the reverse.
 */

const kindOf: Record<IxKind, number> = {
  mcq: QuestionType.MCQ,
  scq: QuestionType.SCQ,
  truefalse: QuestionType.TrueFalse,
  numerical: QuestionType.Numerical,
};
const kindFrom: Record<number, IxKind> = { 1: 'mcq', 2: 'scq', 3: 'truefalse', 4: 'numerical' };
const formatOfNumbering: Record<ChoiceNumbering, number> = {
  lower: 1,
  upper: 4,
  number: 7,
  roman: 10,
  none: 1,
};

/** The content type of an imported question (one for all its texts). */
export function contentTypeOf(q: IxQuestion): 1 | 3 | 4 {
  if (q.contentType) return q.contentType;
  const texts = [q.text, ...q.choices, q.solution, q.hint].filter((t): t is IxText => Boolean(t?.text));
  const html = texts.filter((t) => t.format === 'html');
  const plain = texts.map((t) => (t.format === 'html' ? htmlToText(t.text) : t.text)).join('\n');
  if (q.text.format === 'html')
    return html.every((t) => isSimpleHtml(t.text)) && hasTexDelimiters(plain)
      ? ContentType.LaTeX
      : ContentType.Html;
  return hasTexDelimiters(plain) ? ContentType.LaTeX : ContentType.Text;
}

/** Removes <img> elements that show a reserved image (they come back as the image fields). */
const withoutReserved = (html: string) =>
  html
    .replace(
      /<img\b[^>]*\bsrc="@@PLUGINFILE@@\/(question|solution|choice-\d+)-image\.[A-Za-z0-9]+(?:[?#][^"]*)?"[^>]*>/gi,
      '',
    )
    .replace(/<p>\s*<\/p>/gi, '')
    .trim();

/** Names of the images an HTML text shows inline. */
const inlineNames = (html: string) => [...html.matchAll(pluginfileRefs())].map((m) => pluginfileName(m[1]));

export type ImportDraft = {
  /** The body without topics (and with image ids once stored). */
  body: Omit<QuestionCreateInput, 'topicIds'>;
  /** Images to store first: name → data, and where each goes. */
  images: { name: string; data: Buffer; place: 'question' | 'solution' | number | 'inline' }[];
};

/**
 * An imported question as our body (images not stored yet: `store` puts the ids in). Answers the reason
 * when it cannot be one of ours (a referenced image missing).
 */
export function draftOf(q: IxQuestion, code: string): ImportDraft | string {
  const contentType = contentTypeOf(q);
  const html = contentType === ContentType.Html;
  const conv = (t: IxText | null) => {
    if (!t?.text) return null;
    const text = t.format === 'html' ? withoutReserved(t.text) : t.text;
    if (html) return t.format === 'html' ? text : textToHtml(text);
    return t.format === 'html' ? htmlToText(text) : text;
  };
  const images: ImportDraft['images'] = [];
  for (const [name, data] of q.files) {
    const stem = stemOf(name).toLowerCase();
    if (stem === reservedImage.question) images.push({ name, data, place: 'question' });
    else if (stem === reservedImage.solution) images.push({ name, data, place: 'solution' });
    else {
      const m = /^choice-(\d+)-image$/.exec(stem);
      if (m) images.push({ name, data, place: Number(m[1]) });
    }
  }
  const texts = [q.text, ...q.choices, q.solution, q.hint].map(conv);
  if (html)
    for (const name of new Set(texts.flatMap((t) => (t ? inlineNames(t) : [])))) {
      const data = q.files.get(name);
      if (!data) return im.imageMissing(name);
      images.push({ name, data, place: 'inline' });
    }
  const type = kindOf[q.kind];
  const body: ImportDraft['body'] = {
    code,
    questionType: type as QuestionCreateInput['questionType'],
    contentType,
    choiceFormat: q.numbering ? formatOfNumbering[q.numbering] : DEFAULT_CHOICE_FORMAT,
    difficultyLevel: 2,
    points: q.points ?? 1,
    text: texts[0],
    solutionText: conv(q.solution),
    hint: conv(q.hint),
    passFeedback: q.passFeedback,
    failFeedback: q.failFeedback,
    partialFeedback: q.kind === 'mcq' || q.kind === 'scq' ? q.partialFeedback : null,
    choices:
      q.kind === 'mcq' || q.kind === 'scq'
        ? q.choices.map((c, i) => ({
            text: conv(c),
            image: null,
            weight: q.weights ? (q.weights[i] ?? 0) : null,
            feedback: q.choiceFeedback[i] ?? null,
          }))
        : [],
    correctChoices: q.kind === 'numerical' ? [] : q.correct,
    numericAnswer: q.kind === 'numerical' ? q.numericAnswer : null,
    tolerance: q.kind === 'numerical' ? q.tolerance : null,
  };
  return { body, images };
}

/**
 * What an imported question loses (issue 26), for its row: what the reader noted (hints after the first, units,
 * …), its tags (the bank has no tags: they are listed, not silently dropped) and feedback its type has no
 * field for.
 */
export function notCarriedOf(q: IxQuestion): string[] {
  const out = [...q.notCarried];
  if (q.tags.length) out.push(`tags ${q.tags.map((t) => `'${t}'`).join(', ')}`);
  if ((q.kind === 'truefalse' || q.kind === 'numerical') && q.partialFeedback)
    out.push('the partially correct feedback');
  return out;
}

/** Puts the stored image ids into the body (inline images become our image route). */
export function withImages(d: ImportDraft, ids: Map<string, number>): Omit<QuestionCreateInput, 'topicIds'> {
  const b = { ...d.body, choices: [...(d.body.choices ?? [])].map((c) => ({ ...c })) };
  for (const img of d.images) {
    const id = ids.get(img.name) ?? null;
    if (img.place === 'question') b.image = id;
    else if (img.place === 'solution') b.solutionImage = id;
    else if (typeof img.place === 'number') {
      while (b.choices.length < img.place)
        b.choices.push({ text: null, image: null, weight: null, feedback: null });
      b.choices[img.place - 1].image = id;
    }
  }
  const inline = (t: string | null | undefined) =>
    t
      ? t.replace(pluginfileRefs(), (m, n: string) => {
          const id = ids.get(pluginfileName(n));
          return id ? questionImageUrl(id) : m;
        })
      : t;
  b.text = inline(b.text);
  b.solutionText = inline(b.solutionText);
  b.hint = inline(b.hint);
  b.choices = b.choices.map((c) => ({ ...c, text: inline(c.text) }));
  return b;
}

/** Ready when the answers and content allow it (§4), else Draft. */
export const importStatus = (b: Omit<QuestionCreateInput, 'topicIds'>) =>
  meetsReadyCriteria({
    questionType: b.questionType ?? 2,
    contentType: b.contentType ?? 3,
    choices: (b.choices ?? []).map((c) => ({
      text: c.text ?? null,
      image: c.image ?? null,
      weight: c.weight ?? null,
    })),
    correctChoices: b.correctChoices ?? [],
    numericAnswer: b.numericAnswer ?? null,
    text: b.text ?? null,
    image: b.image ?? null,
  })
    ? QuestionStatus.Ready
    : QuestionStatus.Draft;

/**
 * The code of an imported question: its id number when that is a valid code, else made from its name
 * (letters, digits, '-' and '_' kept, at most 20), made unique within the file with '-2', '-3', ….
 */
export function codeFor(q: Pick<IxQuestion, 'idNumber' | 'name'>, index: number, used: Set<string>) {
  if (q.idNumber && isValidQuestionCode(q.idNumber)) return { code: q.idNumber, derived: false };
  const base =
    q.name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, QUESTION_CODE_MAX) || `Q${index}`;
  let code = base;
  for (let n = 2; used.has(code.toLowerCase()); n++) {
    const suffix = `-${n}`;
    code = base.slice(0, QUESTION_CODE_MAX - suffix.length) + suffix;
  }
  used.add(code.toLowerCase());
  return { code, derived: true };
}

/* ---------- export ---------- */

const OWN_IMAGE = /\/api\/question-bank\/images\/(\d+)/g;
export type ImageBytes = { data: Buffer; ext: string };

/** The images a question refers to (fields and inline HTML). */
export function imageIdsOfDetail(d: QuestionDetail): number[] {
  const ids = [d.image, d.solutionImage, ...d.choices.map((c) => c.image)].filter(
    (v): v is number => typeof v === 'number',
  );
  if (d.contentType === ContentType.Html)
    for (const t of [d.text, d.solutionText, d.hint, ...d.choices.map((c) => c.text)])
      for (const m of (t ?? '').matchAll(OWN_IMAGE)) ids.push(Number(m[1]));
  return [...new Set(ids)];
}

/** A stored question as the interchange shape; images by id (missing ones are left out). */
export function ixOf(d: QuestionDetail, images: ReadonlyMap<number, ImageBytes>): IxQuestion {
  const format = d.contentType === ContentType.Html ? 'html' : 'plain';
  const files = new Map<string, Buffer>();
  const attach = (name: string, id: number | null) => {
    const img = id === null ? undefined : images.get(id);
    if (img) files.set(`${name}.${img.ext}`, img.data);
  };
  const text = (t: string | null): IxText | null => {
    if (!t) return null;
    if (format !== 'html') return { text: t, format };
    return {
      format,
      text: t.replace(OWN_IMAGE, (m, id: string) => {
        const img = images.get(Number(id));
        if (!img) return m;
        const name = `image-${id}.${img.ext}`;
        files.set(name, img.data);
        return `${PLUGINFILE}${name}`;
      }),
    };
  };
  attach(reservedImage.question, d.image);
  attach(reservedImage.solution, d.solutionImage);
  const kind = kindFrom[d.questionType];
  const choices = kind === 'mcq' || kind === 'scq' ? d.choices : [];
  choices.forEach((c, i) => {
    attach(reservedImage.choice(i + 1), c.image);
  });
  const numbering = choiceFormats.find((f) => f.id === d.choiceFormat)?.kind ?? 'lower';
  return {
    name: d.code,
    idNumber: d.code,
    kind,
    text: text(d.text) ?? { text: '', format },
    choices: choices.map((c) => text(c.text) ?? { text: '', format }),
    correct: kind === 'numerical' ? [] : d.correctChoices,
    numericAnswer: d.numericAnswer,
    tolerance: d.tolerance,
    weights: choices.some((c) => c.weight !== null) ? choices.map((c) => c.weight ?? 0) : null,
    solution: text(d.solutionText),
    hint: text(d.hint),
    passFeedback: d.passFeedback,
    failFeedback: d.failFeedback,
    partialFeedback: d.partialFeedback,
    choiceFeedback: choices.map((c) => c.feedback),
    tags: [],
    notCarried: [],
    points: d.points,
    numbering: numbering as ChoiceNumbering,
    contentType: d.contentType,
    files,
  };
}
