import type { InterchangeFormat } from '@assess/contracts/question-imports';
import { type QuestionCreate, questionCreateSchema } from '@assess/contracts/questions';
import { parseGift } from './formats/gift';
import type { ParsedFile } from './formats/model';
import { parseMoodleXml } from './formats/moodle-xml';
import { parseQtiItem, parseQtiPackage } from './formats/qti';
import {
  codeFor,
  draftOf,
  type ImportDraft,
  importStatus,
  notCarriedOf,
  withImages,
} from './interchange.mapping';
import { defaultZipLimits, readZip } from './zip.archive';

/**
 * The pure part of an interchange import: read the file and map every question as far as it goes without the
 * database (code, body, the Create Question rules). It runs on the CPU pool (cpu.ts), never on the event loop
 * that serves requests: a file of 5,000 questions takes seconds to parse and check.
 */

/** Reads a file of the format; throws an Error whose message says why the whole file is unreadable. */
export async function parseInterchange(format: InterchangeFormat, data: Buffer): Promise<ParsedFile> {
  if (format === 'qti') {
    const { files, problems } = await readZip(data, defaultZipLimits);
    if (problems.size) {
      const [message, content] = [...problems.entries()][0];
      throw new Error(`${message}${content.length ? ` ${content.join(', ')}` : ''}`);
    }
    return parseQtiPackage(new Map(files.map((f) => [f.path, f.data])));
  }
  const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  if (format === 'moodle' && QTI_ITEM.test(text.slice(0, 4000))) return loneQtiItem(text);
  return format === 'moodle' ? parseMoodleXml(text) : parseGift(text);
}

/** The root element (after the XML declaration and comments) is a QTI item. */
const QTI_ITEM =
  /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:[\w-]+:)?(?:assessmentItem|qti-assessment-item)\b/;
/** A QTI 2.1, 2.2 or 3.0 item uploaded alone as .xml: one question (no package: no images, no category). */
function loneQtiItem(xml: string): ParsedFile {
  const q = parseQtiItem(xml, () => null);
  const base = { index: 1, categoryPath: null };
  return {
    items: [
      typeof q === 'string'
        ? { ...base, name: 'Question 1', refused: q }
        : { ...base, name: q.name || 'Question 1', question: q },
    ],
  };
}

/** A topic id that stands in until the question's topic is known (the rules only want one). */
const SOME_TOPIC = 1;

/** One question of the file, mapped as far as the file alone allows (structured-cloneable). */
export type PreparedItem = {
  index: number;
  name: string;
  categoryPath: string[] | null;
  /** '' when the file refused the question. */
  code: string;
  /** The code was made from the name. */
  derived: boolean;
  /** Issue 26: what the file had that the question does not carry (reported on its row). */
  notCarried?: string[];
  /** The file refuses it (unsupported type, …): reported before anything else. */
  refused?: string;
  /** Its own refusal (mapping, then the Create Question rules), reported after the duplicate and topic checks. */
  issue?: string;
  questionType?: number;
  /** With images to store first: the draft (the rules are checked again with the image ids). */
  draft?: ImportDraft;
  /** Without images: the whole question (its topic put in once known). */
  body?: QuestionCreate;
};

/** Codes (unique within the file, in file order), bodies and the Create Question rules of every question. */
export function prepareInterchange(parsed: ParsedFile): PreparedItem[] {
  const used = new Set<string>();
  return parsed.items.map((item): PreparedItem => {
    const base: Pick<PreparedItem, 'index' | 'name' | 'categoryPath' | 'notCarried'> = {
      index: item.index,
      name: item.name,
      categoryPath: item.categoryPath,
    };
    if (!item.question) return { ...base, code: '', derived: false, refused: item.refused };
    const { code, derived } = codeFor(item.question, item.index, used);
    const draft = draftOf(item.question, code);
    if (typeof draft === 'string') return { ...base, code, derived, issue: draft };
    const lost = notCarriedOf(item.question);
    if (lost.length) base.notCarried = lost;
    const questionType = draft.body.questionType ?? 2;
    if (draft.images.length) {
      // Image ids stand in until the images are stored (an image-only choice is a filled choice).
      const placeholders = new Map(draft.images.map((img) => [img.name, 1]));
      const check = questionCreateSchema.safeParse({
        ...withImages(draft, placeholders),
        topicIds: [SOME_TOPIC],
      });
      if (!check.success)
        return { ...base, code, derived, questionType, issue: check.error.issues[0].message };
      return { ...base, code, derived, questionType, draft };
    }
    const body = withImages(draft, new Map());
    const whole = questionCreateSchema.safeParse({
      ...body,
      status: importStatus(body),
      topicIds: [SOME_TOPIC],
    });
    if (!whole.success) return { ...base, code, derived, questionType, issue: whole.error.issues[0].message };
    return { ...base, code, derived, questionType, body: whole.data };
  });
}

/**
 * Prepared items as they travel back from the worker: JSON in chunks of a few hundred (the event loop parses
 * one chunk at a time, never 5,000 questions in one block) and the images' bytes apart (by index).
 */
export type PackedItems = { chunks: string[]; images: Uint8Array[] };
const PACK_CHUNK = 250;

export function packPrepared(items: readonly PreparedItem[]): PackedItems {
  const images: Uint8Array[] = [];
  const slim = items.map((it) =>
    it.draft
      ? {
          ...it,
          draft: {
            ...it.draft,
            images: it.draft.images.map((img) => ({ ...img, data: images.push(img.data) - 1 })),
          },
        }
      : it,
  );
  const chunks: string[] = [];
  for (let i = 0; i < slim.length; i += PACK_CHUNK)
    chunks.push(JSON.stringify(slim.slice(i, i + PACK_CHUNK)));
  return { chunks, images };
}

/** The items again, a chunk per turn of the event loop. */
export async function unpackPrepared(packed: PackedItems): Promise<PreparedItem[]> {
  const out: PreparedItem[] = [];
  for (const chunk of packed.chunks) {
    await new Promise((resolve) => setImmediate(resolve));
    for (const it of JSON.parse(chunk) as PreparedItem[]) {
      for (const img of it.draft?.images ?? []) {
        const bytes = packed.images[img.data as unknown as number];
        img.data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      }
      out.push(it);
    }
  }
  return out;
}
