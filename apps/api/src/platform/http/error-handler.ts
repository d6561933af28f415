import { commonMessages } from '@assess/contracts/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/**
 * One error shape for every route: { message, fields?, requestId? }. Validation errors list the failing
 * fields; a 500 is a bug: logged with the request id, never answered with a stack or SQL text.
 */
/** PostgreSQL's data exceptions (SQLSTATE class 22: out of range, invalid text, datetime overflow), however wrapped. */
function isDataException(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ message: err.message, fields: err.fields });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const key =
          String(issue.instancePath || '/')
            .replace(/^\//, '')
            .replaceAll('/', '.') || '_';
        const msg = issue.message ?? 'Invalid value';
        const extra = (issue.params as { issue?: { code?: string; keys?: string[] } })?.issue;
        const text =
          extra?.code === 'unrecognized_keys' ? `Unknown field(s): ${extra.keys?.join(', ')}` : msg;
        (fields[key] ??= []).push(text);
      }
      const first = Object.values(fields)[0]?.[0];
      const useFirst = first && !first.startsWith('Invalid input') && !first.startsWith('Unknown field');
      return reply.status(400).send({ message: useFirst ? first : commonMessages.validation, fields });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, requestId: request.id }, 'response did not match its schema');
      return reply.status(500).send({ message: commonMessages.internal, requestId: request.id });
    }
    if (isDataException(err)) {
      // A value PostgreSQL cannot take (an integer past its range, a malformed date) that slipped past a schema:
      // the caller's input, so a 400, never a 500. Nothing was written (the statement failed).
      request.log.warn({ err, requestId: request.id }, 'database refused a value');
      return reply.status(400).send({ message: commonMessages.validation });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({ message: commonMessages.tooLarge });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...): safe to pass the message.
      return reply.status(status).send({ message: err.message });
    }
    request.log.error({ err, requestId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: commonMessages.internal, requestId: request.id });
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ message: commonMessages.notFound });
  });
}
