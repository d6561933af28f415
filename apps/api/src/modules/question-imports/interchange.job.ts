import { Readable } from 'node:stream';
import {
  type InterchangeFormat,
  type InterchangeResult,
  type InterchangeRow,
  interchangeMessages as im,
  interchangeFormatSchema,
} from '@assess/contracts/question-imports';
import { mayUseQuestionType, type QuestionCreate, questionCreateSchema } from '@assess/contracts/questions';
import { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import { AppError } from '../../platform/http/errors';
import type { TaskContext } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import type { ImagesService } from '../question-bank/images.service';
import type { TreeService } from '../question-bank/tree.service';
import { parseGift } from './formats/gift';
import type { ParsedFile } from './formats/model';
import { parseMoodleXml } from './formats/moodle-xml';
import { parseQtiPackage } from './formats/qti';
import { codeFor, draftOf, importStatus, withImages } from './interchange.mapping';
import { createTopicResolver } from './interchange.topics';
import type { QuestionBatchService } from './question-batch.service';
import { defaultZipLimits, readZip } from './zip.archive';

export const interchangeTaskArgs = z.object({
  fileId: z.number().int().positive(),
  fileName: z.string(),
  format: interchangeFormatSchema,
  topicId: z.number().int().positive().nullable(),
});
export type InterchangeTaskArgs = z.infer<typeof interchangeTaskArgs>;

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
  return format === 'moodle' ? parseMoodleXml(text) : parseGift(text);
}

/** Refusals that are the question's own, not a failure of the run. */
const reasonOf = (err: unknown) => {
  if (err instanceof AppError) return err.message;
  throw err;
};

/**
 * The background import of one interchange file (task 'questions.interchange'): parse, resolve each
 * question's category path in the tree (created when missing, package limits applied), skip codes the
 * provider already has, store the images, then write through the one question writer, one call per topic.
 * Every question gets an output row: imported, duplicate (skipped) or refused with the reason.
 */
export function createInterchangeJob(
  deps: Pick<ModuleDeps, 'files'> & {
    principalOf: (userId: number) => Promise<Principal>;
    tree: Pick<TreeService, 'tree' | 'createCategory' | 'createTopic'>;
    images: Pick<ImagesService, 'upload'>;
    batch: Pick<QuestionBatchService, 'write' | 'takenCodes'>;
  },
) {
  return async function runInterchange(ctx: TaskContext<InterchangeTaskArgs>): Promise<InterchangeResult> {
    const { args, task } = ctx;
    if (task.createdBy === null) throw new Error('the task has no user');
    const p = await deps.principalOf(task.createdBy);
    const opened = await deps.files.open(args.fileId, task.providerId);
    opened.stream.destroy();
    const parsed = await parseInterchange(args.format, await deps.files.store.get(opened.file.key)).catch(
      (err: Error) => {
        throw new Error(im.unreadable(args.format, err.message));
      },
    );
    await ctx.progress(5);
    const topicOf = await createTopicResolver(deps.tree, p, args.topicId);
    const rows: InterchangeRow[] = [];
    const row = (
      i: { index: number; name: string },
      status: InterchangeRow['status'],
      remark: string,
      code: string | null = null,
    ) => rows.push({ index: i.index, name: i.name, status, code, questionId: null, remark });

    // Codes first: a code the provider already has is skipped before its images are stored.
    const used = new Set<string>();
    const coded = parsed.items.map((item) => ({
      item,
      ...(item.question ? codeFor(item.question, item.index, used) : { code: '', derived: false }),
    }));
    const taken = await deps.batch.takenCodes(
      p.providerId,
      coded.filter((c) => c.code).map((c) => c.code),
    );

    const groups = new Map<number, { code: string; item: (typeof coded)[number] }[]>();
    const bodies = new Map<string, QuestionCreate>();
    let handled = 0;
    for (const c of coded) {
      handled++;
      const { item, code } = c;
      if (!item.question) {
        row(item, 'refused', item.refused);
        continue;
      }
      if (taken.has(code.toLowerCase())) {
        row(item, 'duplicate', im.duplicateCode(code), code);
        continue;
      }
      const topic = await topicOf(item.categoryPath);
      if (typeof topic === 'string') {
        row(item, 'refused', topic, code);
        continue;
      }
      const draft = draftOf(item.question, code);
      if (typeof draft === 'string') {
        row(item, 'refused', draft, code);
        continue;
      }
      if (!mayUseQuestionType(p, draft.body.questionType ?? 2)) {
        row(item, 'refused', im.numericalPrivilege, code);
        continue;
      }
      // Checked before any image is stored; again with the image ids after.
      // Image ids stand in until the images are stored (an image-only choice is a filled choice).
      const placeholders = new Map(draft.images.map((img) => [img.name, 1]));
      const precheck = questionCreateSchema.safeParse({
        ...withImages(draft, placeholders),
        topicIds: [topic],
      });
      if (!precheck.success) {
        row(item, 'refused', precheck.error.issues[0].message, code);
        continue;
      }
      const ids = new Map<string, number>();
      let imageIssue: string | null = null;
      for (const img of draft.images) {
        if (ids.has(img.name)) continue;
        const stored = await deps.images
          .upload(p, { fileName: img.name, stream: Readable.from(img.data) })
          .catch((err) => im.imageInvalid(img.name, reasonOf(err)));
        if (typeof stored === 'string') {
          imageIssue = stored;
          break;
        }
        ids.set(img.name, stored.imageId);
      }
      if (imageIssue) {
        row(item, 'refused', imageIssue, code);
        continue;
      }
      const body = withImages(draft, ids);
      const parsedBody = questionCreateSchema.safeParse({
        ...body,
        status: importStatus(body),
        topicIds: [topic],
      });
      if (!parsedBody.success) {
        row(item, 'refused', parsedBody.error.issues[0].message, code);
        continue;
      }
      bodies.set(code.toLowerCase(), parsedBody.data);
      const list = groups.get(topic) ?? [];
      list.push({ code, item: c });
      groups.set(topic, list);
      if (handled % 25 === 0) await ctx.progress(5 + (60 * handled) / coded.length);
    }

    let written = 0;
    const toWrite = [...groups.values()].reduce((n, g) => n + g.length, 0);
    for (const [topicId, group] of groups) {
      const result = await deps.batch.write({
        providerId: p.providerId,
        userId: p.userId,
        target: { topicId },
        questions: group.map((g) => bodies.get(g.code.toLowerCase()) as QuestionCreate),
      });
      const ids = new Map(result.inserted.map((r) => [r.code.toLowerCase(), r.questionId]));
      const dup = new Set(result.duplicateCodes.map((d) => d.toLowerCase()));
      const invalid = new Map(result.invalid.map((r) => [r.code.toLowerCase(), r.message]));
      for (const { code, item: c } of group) {
        const key = code.toLowerCase();
        const id = ids.get(key);
        if (id !== undefined) {
          const remark = c.derived ? im.codeFromName(code, c.item.name) : im.imported(code);
          rows.push({
            index: c.item.index,
            name: c.item.name,
            status: 'imported',
            code,
            questionId: id,
            remark,
          });
        } else if (dup.has(key)) row(c.item, 'duplicate', im.duplicateCode(code), code);
        else row(c.item, 'refused', invalid.get(key) ?? im.noQuestions, code);
      }
      written += group.length;
      await ctx.progress(65 + (30 * written) / Math.max(1, toWrite));
    }

    // One output row per question, in file order; the rows are ended eight at a time.
    rows.sort((a, b) => a.index - b.index);
    for (let i = 0; i < rows.length; i += 8) {
      const chunk = rows.slice(i, i + 8);
      const subs: Awaited<ReturnType<typeof ctx.subtask>>[] = [];
      for (const r of chunk) subs.push(await ctx.subtask(`${r.index}. ${r.name}`));
      await Promise.all(
        chunk.map((r, k) => (r.status === 'refused' ? subs[k].fail(r.remark) : subs[k].done(r.remark))),
      );
    }
    const count = (s: InterchangeRow['status']) => rows.filter((r) => r.status === s).length;
    const result: InterchangeResult = {
      format: args.format,
      total: rows.length,
      imported: count('imported'),
      duplicates: count('duplicate'),
      refused: count('refused'),
      rows,
    };
    await ctx.progress(100, `${args.fileName}: ${im.done(result.imported, result.total)}`);
    return result;
  };
}
