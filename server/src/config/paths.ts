import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';

/**
 * Two file locations of the configuration, kept here (not beside their users) so that the modules that use
 * them can read the process configuration (processConfig.ts) without an import cycle.
 */

/** The word lists shipped with the server (server/config/sensitive-words.json). */
export const DEFAULT_WORDS_FILE = path.join(PROJECT_ROOT, 'server', 'config', 'sensitive-words.json');

/** The word-list path: SENSITIVE_WORDS_FILE (relative to the working directory) or {@link DEFAULT_WORDS_FILE}. */
export function wordListPath(env: NodeJS.ProcessEnv): string {
  return env.SENSITIVE_WORDS_FILE ? path.resolve(env.SENSITIVE_WORDS_FILE) : DEFAULT_WORDS_FILE;
}

/** Where uploads wait while they are checked: UPLOAD_TMP_DIR, else the system's temporary folder. */
export function uploadTmpRoot(env: NodeJS.ProcessEnv): string {
  return env.UPLOAD_TMP_DIR || path.join(os.tmpdir(), 'lumacut-uploads');
}
