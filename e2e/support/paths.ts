import path from 'node:path';

/** The repository root. */
export const root = path.resolve(import.meta.dirname, '../..');
/** This run's scratch files (server log, signed-in sessions); emptied by the global setup. E2E_TMP_DIR moves it. */
export const tmpDir = process.env.E2E_TMP_DIR
  ? path.resolve(process.env.E2E_TMP_DIR)
  : path.join(root, 'e2e/.tmp');
/** Full-page screenshots of every page the tests visit (git-ignored). */
export const screenshotsDir = path.join(root, 'e2e/screenshots');
