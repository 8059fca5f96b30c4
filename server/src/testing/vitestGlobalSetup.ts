/** Vitest's global set-up: the PGlite template the server tests' databases are copied from (pgliteTemplate.ts). */
import { ensurePgliteTemplate } from './pgliteTemplate';

export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
}
