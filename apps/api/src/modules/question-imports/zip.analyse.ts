import {
  zipImportMessages as m,
  ZIP_ANSWERS_FILE,
  type ZipImportOptions,
} from '@assess/contracts/question-imports';
import sharp from 'sharp';
import { IMAGE_FORMATS } from '../../platform/files/read-capped';
import { sniff } from '../../platform/files/sniff';
import { badRequest } from '../../platform/http/errors';
import { type AnswerRow, readAnswers } from './zip.answers';
import { addProblem, type Problems, readZip } from './zip.archive';
import { locate, type PlannedGroup, planAnswers } from './zip.layout';
import type { ZipImportRepository } from './zip.repository';

export type ZipAnalysis = { problems: Problems; groups: PlannedGroup[] };
export type ZipInput = {
  providerId: number;
  zipName: string;
  data: Buffer;
  options: Pick<ZipImportOptions, 'numberOfChoices' | 'categoryId'>;
  numericalAllowed: boolean;
};

/** What a zip may sniff as (an Office-looking head is still a zip to read). */
const ZIP_KINDS: ReadonlySet<string> = new Set(['zip', 'ooxml', 'xlsx', 'docx', 'pptx']);
/** Problems after which nothing else can be looked at. */
const fatal = new Set<string>([m.notAZip, m.tooManyEntries, m.tooBigUnpacked]);
/** Lines of one problem's list shown at most (the rest are counted). */
const MAX_LINES = 200;

/** The 'Zip is not validate!' answer: 400 with fields = { problem: [what it concerns] } in the order found. */
export function zipNotValid(problems: Problems) {
  const fields: Record<string, string[]> = {};
  for (const [message, list] of problems)
    fields[message] =
      list.length > MAX_LINES
        ? [...list.slice(0, MAX_LINES), `... and ${list.length - MAX_LINES} more`]
        : list;
  return badRequest(m.notValid, fields);
}

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Whether sharp decodes the bytes' header as one of the question bank's image formats. */
async function decodes(data: Buffer) {
  try {
    const meta = await sharp(data).metadata();
    return Boolean(meta.format && IMAGE_FORMATS.has(meta.format) && meta.width && meta.height);
  } catch {
    return false;
  }
}

/**
 * Everything the zip import checks before writing anything (validateZip, again when the import starts and
 * again when the task runs): the content is a zip; it unpacks safely (zip.archive); it is named after a root
 * category and its folders mirror existing categories/topics with the documented layout (zip.layout); each
 * topic folder's Answers.xlsx reads and answers every question; every image decodes. All problems are
 * collected, not only the first.
 */
export function createZipAnalyser(deps: { repo: Pick<ZipImportRepository, 'hierarchy'> }) {
  return async function analyse(input: ZipInput): Promise<ZipAnalysis> {
    const problems: Problems = new Map();
    const kind = sniff(input.data.subarray(0, 8192));
    if (!kind || !ZIP_KINDS.has(kind)) {
      addProblem(problems, m.notAZip, input.zipName);
      return { problems, groups: [] };
    }
    const zip = await readZip(input.data);
    if ([...zip.problems.keys()].some((k) => fatal.has(k))) return { problems: zip.problems, groups: [] };
    for (const [k, list] of zip.problems) for (const c of list) addProblem(problems, k, c);
    const roots = await deps.repo.hierarchy(input.providerId);
    const topics = locate(
      { zipName: input.zipName, files: zip.files, roots, categoryId: input.options.categoryId },
      problems,
    );
    const answers = new Map<number, AnswerRow[]>();
    for (const t of topics) {
      if (!t.answersFile) continue;
      const rows = await readAnswers(t.answersFile.data);
      if (rows) answers.set(t.topicId, rows);
      else addProblem(problems, m.answersUnreadable, `${t.folder}/${ZIP_ANSWERS_FILE}`);
    }
    const groups = planAnswers(
      topics.filter((t) => answers.has(t.topicId)),
      answers,
      { numberOfChoices: input.options.numberOfChoices, numericalAllowed: input.numericalAllowed },
      problems,
    );
    const images = groups.flatMap((g) =>
      g.questions.flatMap((q) => (q.solution ? [q.image, q.solution] : [q.image])),
    );
    await eachLimited(images, 4, async (f) => {
      if (!(await decodes(f.data))) addProblem(problems, m.notImages, f.path);
    });
    return { problems, groups };
  };
}
export type ZipAnalyser = ReturnType<typeof createZipAnalyser>;
export { eachLimited };
