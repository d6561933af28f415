import { Readable } from 'node:stream';
import {
  type InterchangeResult,
  type InterchangeRow,
  interchangeMessages as im,
  interchangeFormatSchema,
} from '@assess/contracts/question-imports';
import { mayUseQuestionType, type QuestionCreate, questionCreateSchema } from '@assess/contracts/questions';
import { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import { AppError } from '../../platform/http/errors';
import type { DefinedTaskContext } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import { CpuOutOfMemory, CpuRefusal } from '../../platform/workers/cpu-pool';
import type { ImagesService, TreeService } from '../question-bank';
import { type ImportDraft, importStatus, withImages } from './interchange.mapping';
import { unpackPrepared } from './interchange.prepare';
import { createTopicResolver } from './interchange.topics';
import type { QuestionBatchService } from './question-batch.service';

export const interchangeTaskArgs = z.object({
  fileId: z.number().int().positive(),
  fileName: z.string(),
  format: interchangeFormatSchema,
  topicId: z.number().int().positive().nullable(),
});
export type InterchangeTaskArgs = z.infer<typeof interchangeTaskArgs>;

/** Refusals that are the question's own, not a failure of the run. */
const reasonOf = (err: unknown) => {
  if (err instanceof AppError) return err.message;
  throw err;
};

/** Questions per call of the writer, and output rows per insert. */
const WRITE_SLICE = 250;
const OUTPUT_SLICE = 500;

/**
 * The background import of one interchange file (task 'questions.interchange'): parse, resolve each
 * question's category path in the tree (created when missing, package limits applied), skip codes the
 * provider already has, store the images, then write through the one question writer, one call per topic.
 * Every question gets an output row: imported, duplicate (skipped) or refused with the reason.
 */
export function createInterchangeJob(
  deps: Pick<ModuleDeps, 'files' | 'cpu'> & {
    tree: Pick<TreeService, 'tree' | 'createCategory' | 'createTopic'>;
    images: Pick<ImagesService, 'upload'>;
    batch: Pick<QuestionBatchService, 'write' | 'takenCodes'>;
  },
) {
  /** Stores a question's images, then checks it whole with their ids: the body, or the reason it is refused. */
  async function withStoredImages(p: Principal, draft: ImportDraft, topic: number) {
    const ids = new Map<string, number>();
    for (const img of draft.images) {
      if (ids.has(img.name)) continue;
      // The draft came from a worker thread: its bytes are a Uint8Array again.
      const data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
      const stored = await deps.images
        .upload(p, { fileName: img.name, stream: Readable.from([data]) })
        .catch((err) => im.imageInvalid(img.name, reasonOf(err)));
      if (typeof stored === 'string') return stored;
      ids.set(img.name, stored.imageId);
    }
    const body = withImages(draft, ids);
    const parsed = questionCreateSchema.safeParse({ ...body, status: importStatus(body), topicIds: [topic] });
    return parsed.success ? parsed.data : parsed.error.issues[0].message;
  }

  return async function runInterchange(
    ctx: DefinedTaskContext<InterchangeTaskArgs>,
  ): Promise<InterchangeResult> {
    // The creator as of now (the one rule for tasks): tree, images and writes act as them.
    const { args, task, principal: p } = ctx;
    const opened = await deps.files.open(args.fileId, task.providerId);
    opened.stream.destroy();
    const buf = await deps.files.store.get(opened.file.key);
    // Parse, codes, bodies and the Create Question rules on the CPU pool (interchange.prepare.ts).
    const prepared = await unpackPrepared(
      await deps.cpu.run('questions.prepareInterchange', { format: args.format, buf }).catch((err) => {
        if (err instanceof CpuRefusal || err instanceof CpuOutOfMemory)
          throw new Error(im.unreadable(args.format, err.message));
        throw err;
      }),
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
    const taken = await deps.batch.takenCodes(
      p.providerId,
      prepared.filter((c) => c.code).map((c) => c.code),
    );

    const groups = new Map<number, { code: string; item: (typeof prepared)[number] }[]>();
    const bodies = new Map<string, QuestionCreate>();
    let handled = 0;
    for (const item of prepared) {
      handled++;
      const { code } = item;
      if (item.refused !== undefined) {
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
      if (item.questionType === undefined) {
        row(item, 'refused', item.issue ?? im.noQuestions, code);
        continue;
      }
      if (!mayUseQuestionType(p, item.questionType)) {
        row(item, 'refused', im.numericalPrivilege, code);
        continue;
      }
      if (item.issue !== undefined) {
        row(item, 'refused', item.issue, code);
        continue;
      }
      let body: QuestionCreate | string;
      if (item.body) body = { ...item.body, topicIds: [topic] };
      else body = await withStoredImages(p, item.draft!, topic);
      if (typeof body === 'string') {
        row(item, 'refused', body, code);
        continue;
      }
      bodies.set(code.toLowerCase(), body);
      const list = groups.get(topic) ?? [];
      list.push({ code, item });
      groups.set(topic, list);
      if (handled % 25 === 0) await ctx.progress(5 + (60 * handled) / prepared.length);
    }

    let written = 0;
    const toWrite = [...groups.values()].reduce((n, g) => n + g.length, 0);
    // A few hundred at a time: the writer's own checks run on the event loop between the writes.
    for (const [topicId, all] of groups)
      for (let from = 0; from < all.length; from += WRITE_SLICE) {
        const group = all.slice(from, from + WRITE_SLICE);
        const result = await deps.batch.write({
          providerId: p.providerId,
          userId: p.userId,
          target: { topicId },
          questions: group.map((g) => bodies.get(g.code.toLowerCase()) as QuestionCreate),
        });
        const ids = new Map(result.inserted.map((r) => [r.code.toLowerCase(), r.questionId]));
        const dup = new Set(result.duplicateCodes.map((d) => d.toLowerCase()));
        const invalid = new Map(result.invalid.map((r) => [r.code.toLowerCase(), r.message]));
        for (const { code, item } of group) {
          const key = code.toLowerCase();
          const id = ids.get(key);
          if (id !== undefined) {
            const remark = [
              item.derived ? im.codeFromName(code, item.name) : im.imported(code),
              ...(item.notCarried?.length ? [im.notCarried(item.notCarried)] : []),
            ].join(' ');
            rows.push({
              index: item.index,
              name: item.name,
              status: 'imported',
              code,
              questionId: id,
              remark,
            });
          } else if (dup.has(key)) row(item, 'duplicate', im.duplicateCode(code), code);
          else row(item, 'refused', invalid.get(key) ?? im.noQuestions, code);
        }
        written += group.length;
        await ctx.progress(65 + (30 * written) / Math.max(1, toWrite));
      }

    // One output row per question, in file order, written a few hundred at a time.
    rows.sort((a, b) => a.index - b.index);
    for (let i = 0; i < rows.length; i += OUTPUT_SLICE)
      await ctx.outputs(
        rows.slice(i, i + OUTPUT_SLICE).map((r) => ({
          name: `${r.index}. ${r.name}`,
          failed: r.status === 'refused',
          remark: r.remark,
        })),
      );
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
