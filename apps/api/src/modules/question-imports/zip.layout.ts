import {
  zipImportMessages as m,
  ZIP_ANSWERS_FILE,
  ZIP_IMAGE_EXTENSIONS,
  ZIP_SOLUTIONS_FOLDER,
  type ZipTypeFolder,
  zipTypeFolderNames,
  zipTypeFolders,
} from '@assess/contracts/question-imports';
import { isValidQuestionCode, QuestionType } from '@assess/contracts/questions';
import { type AnswerRow, parseAnswer, parseDifficulty } from './zip.answers';
import { addProblem, type Problems, type ZipFile } from './zip.archive';

/** The provider's hierarchy below a root category: categories hold categories or topics, topics hold topics. */
export type HierarchyNode = {
  kind: 'category' | 'topic';
  id: number;
  name: string;
  children: HierarchyNode[];
};

export type FoundQuestion = {
  code: string;
  typeFolder: ZipTypeFolder;
  image: ZipFile;
  solution: ZipFile | null;
};
/** A topic folder of the zip with its question files and its Answers.xlsx. */
export type FoundTopic = {
  topicId: number;
  folder: string;
  answersFile: ZipFile | null;
  questions: FoundQuestion[];
};
export type PlannedQuestion = FoundQuestion & {
  questionType: number;
  correctChoices: number[];
  numericAnswer: number | null;
  difficultyLevel: number;
};
/** One question-type folder of one topic folder: one subtask of the import. */
export type PlannedGroup = {
  topicId: number;
  folder: string;
  typeFolder: ZipTypeFolder;
  questions: PlannedQuestion[];
};

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
const typeFolderOf = (name: string) => zipTypeFolderNames.find((t) => same(t, name));
const extension = (name: string) => /\.([^./]+)$/.exec(name)?.[1].toLowerCase() ?? '';
const baseName = (name: string) => name.replace(/\.[^./]+$/, '');

/** Whether the bytes are an image format the question bank takes (PNG, JPEG, GIF, WebP), by magic bytes. */
export function looksLikeImage(b: Buffer) {
  const at = (s: string, o = 0) => b.subarray(o, o + s.length).equals(Buffer.from(s, 'latin1'));
  return (
    at('\x89PNG\r\n\x1a\n') ||
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    at('GIF87a') ||
    at('GIF89a') ||
    (at('RIFF') && at('WEBP', 8))
  );
}

/**
 * Finds the root category the zip is named after and walks every file's folders down the hierarchy (names
 * compared ignoring case): folders are categories and topics that must exist; in a topic folder the
 * question-type folders SCQ, MCQ, TF, Numerical hold one question image each (code = file name), their
 * Solutions folder the solution images of the same names, and Answers.xlsx the answers. A single top folder
 * named like the zip is allowed (what zipping the category's folder gives). Problems are added to `problems`.
 */
export function locate(
  input: {
    zipName: string;
    files: readonly ZipFile[];
    roots: readonly HierarchyNode[];
    categoryId: number | null;
  },
  problems: Problems,
): FoundTopic[] {
  const name = baseName(input.zipName.split(/[\\/]/).pop() ?? '');
  const root = input.roots.find((r) => same(r.name, name));
  if (!root) {
    addProblem(problems, m.zipName, input.zipName);
    return [];
  }
  if (input.categoryId !== null && root.id !== input.categoryId) {
    addProblem(problems, m.categoryMismatch, input.zipName);
    return [];
  }
  const top = (p: string) => p.split('/')[0];
  const wrapped =
    input.files.length > 0 &&
    input.files.every((f) => f.path.includes('/') && same(top(f.path), root.name)) &&
    !root.children.some((c) => same(c.name, root.name));

  const topics = new Map<number, FoundTopic>();
  const solutions: { topicId: number; typeFolder: ZipTypeFolder; code: string; file: ZipFile }[] = [];
  for (const file of input.files) {
    const segments = file.path.split('/');
    let i = wrapped ? 1 : 0;
    let node = root;
    let folder = wrapped ? segments[0] : '';
    const topicOf = (n: HierarchyNode) => {
      let t = topics.get(n.id);
      if (!t) {
        t = { topicId: n.id, folder: folder || root.name, answersFile: null, questions: [] };
        topics.set(n.id, t);
      }
      return t;
    };
    let placed = false;
    while (i < segments.length - 1) {
      const seg = segments[i];
      const type = typeFolderOf(seg);
      const child = node.children.find((c) => same(c.name, seg));
      if (type && !child) {
        if (node.kind !== 'topic') {
          addProblem(problems, m.typeFolderPlace, [folder, seg].filter(Boolean).join('/'));
          placed = true;
          break;
        }
        const rest = segments.slice(i + 1);
        const fileName = rest[rest.length - 1];
        const isImage = (ZIP_IMAGE_EXTENSIONS as readonly string[]).includes(extension(fileName));
        if (rest.length === 1 || (rest.length === 2 && same(rest[0], ZIP_SOLUTIONS_FOLDER))) {
          if (!isImage || !looksLikeImage(file.data)) addProblem(problems, m.notImages, file.path);
          else if (rest.length === 1)
            topicOf(node).questions.push({
              code: baseName(fileName),
              typeFolder: type,
              image: file,
              solution: null,
            });
          else solutions.push({ topicId: node.id, typeFolder: type, code: baseName(fileName), file });
        } else addProblem(problems, m.unexpectedFiles, file.path);
        placed = true;
        break;
      }
      if (!child) {
        addProblem(problems, m.unknownFolders, [folder, seg].filter(Boolean).join('/'));
        placed = true;
        break;
      }
      node = child;
      folder = [folder, seg].filter(Boolean).join('/');
      i++;
    }
    if (placed) continue;
    const fileName = segments[segments.length - 1];
    if (node.kind === 'topic' && same(fileName, ZIP_ANSWERS_FILE)) topicOf(node).answersFile = file;
    else addProblem(problems, m.unexpectedFiles, file.path);
  }

  for (const s of solutions) {
    const q = topics
      .get(s.topicId)
      ?.questions.find((x) => x.typeFolder === s.typeFolder && same(x.code, s.code));
    if (q) q.solution = s.file;
    else addProblem(problems, m.solutionWithoutQuestion, s.file.path);
  }
  const found = [...topics.values()].filter((t) => t.questions.length);
  for (const t of found) if (!t.answersFile) addProblem(problems, m.answersMissing, t.folder);
  if (!found.length && !problems.size) addProblem(problems, m.noQuestions);
  return found;
}

/**
 * Matches each topic folder's questions with its Answers.xlsx rows: codes must be valid and appear once in the
 * zip; every question needs a row, every row a question; the answer must fit the type and the number of
 * choices; the difficulty LOW/MEDIUM/HIGH or 1–3 (blank = 2). Numerical needs NumericalQuestionType.
 */
export function planAnswers(
  topics: readonly FoundTopic[],
  answers: ReadonlyMap<number, readonly AnswerRow[]>,
  options: { numberOfChoices: number; numericalAllowed: boolean },
  problems: Problems,
): PlannedGroup[] {
  const codes = new Map<string, string>();
  const groups: PlannedGroup[] = [];
  for (const t of topics) {
    const rows = new Map<string, AnswerRow>();
    for (const r of answers.get(t.topicId) ?? []) {
      const key = r.code.toLowerCase();
      if (rows.has(key)) addProblem(problems, m.codeRepeated, `${t.folder}/${ZIP_ANSWERS_FILE}: ${r.code}`);
      else rows.set(key, r);
    }
    const byType = new Map<ZipTypeFolder, PlannedQuestion[]>();
    const used = new Set<string>();
    for (const q of t.questions) {
      const path = q.image.path;
      if (!isValidQuestionCode(q.code)) {
        addProblem(problems, m.codeInvalid, path);
        continue;
      }
      const key = q.code.toLowerCase();
      const first = codes.get(key);
      if (first) {
        addProblem(problems, m.codeRepeated, first);
        addProblem(problems, m.codeRepeated, path);
        continue;
      }
      codes.set(key, path);
      const questionType = zipTypeFolders[q.typeFolder];
      if (questionType === QuestionType.Numerical && !options.numericalAllowed)
        addProblem(problems, m.numericalNotAllowed, path);
      const row = rows.get(key);
      if (!row) {
        if (t.answersFile) addProblem(problems, m.noAnswer, path);
        continue;
      }
      used.add(key);
      const answer = parseAnswer(questionType, row.answer, options.numberOfChoices);
      const difficultyLevel = parseDifficulty(row.difficulty);
      const at = `${t.folder}/${ZIP_ANSWERS_FILE} row ${row.sheetRow}`;
      if (!answer)
        addProblem(
          problems,
          m.answerInvalid,
          `${at}: ${q.typeFolder} ${q.code} '${String(row.answer ?? '')}'`,
        );
      if (difficultyLevel === null)
        addProblem(problems, m.difficultyInvalid, `${at}: ${q.code} '${String(row.difficulty)}'`);
      if (!answer || difficultyLevel === null) continue;
      const list = byType.get(q.typeFolder) ?? [];
      list.push({ ...q, questionType, ...answer, difficultyLevel });
      byType.set(q.typeFolder, list);
    }
    for (const [key, r] of rows)
      if (!used.has(key) && !t.questions.some((q) => q.code.toLowerCase() === key))
        addProblem(
          problems,
          m.answerWithoutQuestion,
          `${t.folder}/${ZIP_ANSWERS_FILE} row ${r.sheetRow}: ${r.code}`,
        );
    for (const typeFolder of zipTypeFolderNames) {
      const qs = byType.get(typeFolder);
      if (qs?.length) groups.push({ topicId: t.topicId, folder: t.folder, typeFolder, questions: qs });
    }
  }
  return groups;
}
