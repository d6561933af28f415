import { SettingError } from '../config';

/** The one line a process prints when it cannot go on: what failed, then the cause's first line. */
export function failureLine(what: string | undefined, err: unknown): string {
  const cause = err instanceof Error ? err.message : String(err);
  const first = cause.split('\n')[0].trim() || 'unknown error';
  return what && !(err instanceof SettingError) ? `${what}: ${first}` : first;
}

function die(what: string | undefined, err: unknown): never {
  console.error(`error: ${failureLine(what, err)}`);
  process.exit(1);
}

/**
 * Start-up steps of the server and its commands: a step that throws ends the process with one clear line on
 * stderr and exit code 1 (after `cleanup`, e.g. closing the pool), instead of a stack trace.
 */
export const fail = {
  unless<T>(step: () => T, what?: string): T {
    try {
      return step();
    } catch (err) {
      die(what, err);
    }
  },
  async unlessAsync<T>(step: () => Promise<T>, what?: string, cleanup?: () => Promise<unknown>): Promise<T> {
    try {
      return await step();
    } catch (err) {
      await cleanup?.().catch(() => {});
      die(what, err);
    }
  },
};
