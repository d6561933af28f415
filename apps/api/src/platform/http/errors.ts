import { commonMessages } from '@assess/contracts/common';

/** An error the user may read: status + message (+ field details). Anything else becomes a logged 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string[]>) =>
  new AppError(400, message, fields);
export const unauthorized = (message: string = commonMessages.notSignedIn) => new AppError(401, message);
export const forbidden = (message: string = commonMessages.forbidden, code?: string) =>
  new AppError(403, message, undefined, code);
export const notFound = (message: string = commonMessages.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string) => new AppError(429, message);
/** A service the request needs (e.g. the mail server) refused or is down. */
export const unavailable = (message: string) => new AppError(503, message);
export const tooLarge = (message: string = commonMessages.tooLarge) => new AppError(413, message);

/** PostgreSQL unique violation (from either driver). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  if (code !== '23505') return false;
  return constraint ? (e as { constraint?: string }).constraint === constraint : true;
}
