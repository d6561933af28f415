import { issuesToFields } from '@assess/contracts/common';
import {
  zipImportEndpoints as e,
  zipImportMessages as m,
  ZIP_MAX_BYTES,
  type ZipImportOptions,
  zipImportOptionsSchema,
} from '@assess/contracts/question-imports';
import type { FastifyRequest } from 'fastify';
import { readZipUpload } from '../../platform/files/zip-upload';
import { route } from '../../platform/http/endpoint';
import { badRequest } from '../../platform/http/errors';
import type { ZodApp } from '../../platform/modules';
import { buildExampleZip, defaultExampleTarget, type ExampleTarget } from './zip.example';
import type { HierarchyNode } from './zip.layout';
import type { ZipImportRepository } from './zip.repository';
import type { ZipImportService, ZipUpload } from './zip.service';

function parseOptions(text: string | undefined): ZipImportOptions {
  let value: unknown = {};
  try {
    if (text) value = JSON.parse(text);
  } catch {
    throw badRequest(m.error);
  }
  const parsed = zipImportOptionsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error.issues[0].message, issuesToFields(parsed.error.issues));
}

/**
 * The form: the field "options" (JSON) and "file". §5 upload rules on the server (readZipUpload): a file is
 * needed, its name must end in .zip, it may hold at most 10 MB and a second file is refused.
 */
async function readUpload(request: FastifyRequest): Promise<ZipUpload> {
  const { fields, ...upload } = await readZipUpload(request, ZIP_MAX_BYTES, m);
  return { ...upload, options: parseOptions(fields.options) };
}

/** The root category and folder names down to a topic of the provider's hierarchy. */
function pathTo(roots: readonly HierarchyNode[], topicId: number): string[] | null {
  const walk = (n: HierarchyNode, trail: string[]): string[] | null => {
    const here = [...trail, n.name];
    if (n.kind === 'topic' && n.id === topicId) return here;
    for (const c of n.children) {
      const found = walk(c, here);
      if (found) return found;
    }
    return null;
  };
  for (const r of roots) {
    const found = walk(r, []);
    if (found) return found;
  }
  return null;
}

/** Zip tree import: example download, validateZip, SyncQuestions (as a task) and the task's status. */
export function zipImportRoutes(
  app: ZodApp,
  deps: { zip: ZipImportService; repo: Pick<ZipImportRepository, 'hierarchy'> },
) {
  route(app, e.example, async ({ principal, query, reply }) => {
    let target: ExampleTarget = defaultExampleTarget;
    if (query.topicId) {
      const names = pathTo(await deps.repo.hierarchy(principal.providerId), query.topicId);
      if (names) target = { rootName: names[0], path: names.slice(1), codePrefix: `EX${query.topicId}` };
    }
    const { fileName, data } = await buildExampleZip(target);
    return reply
      .header('content-type', e.example.download)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'no-store')
      .send(data);
  });
  route(app, e.validate, async ({ principal, request }) =>
    deps.zip.validate(principal, await readUpload(request)),
  );
  route(app, e.import, async ({ principal, request }) =>
    deps.zip.start(principal, await readUpload(request)),
  );
  route(app, e.status, async ({ principal, params }) => deps.zip.status(principal, params.taskId));
}
