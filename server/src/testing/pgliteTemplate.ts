/**
 * A pristine PGlite data folder (initdb only, no tables), made once per PGlite version in the system's temp
 * folder. Test runs point PGLITE_TEMPLATE_DIR at it; server/src/db/database.ts then copies it for each new
 * embedded database instead of running initdb, which costs 3-7 s of CPU on the 2-core CI machine and ran
 * for every one of the suite's hundreds of throwaway databases.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Where the template of the installed PGlite version lives (it changes with the version). */
export function pgliteTemplateDir(): string {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  return path.join(os.tmpdir(), `lumacut-pglite-template-${version}`);
}

/** Makes the template unless it exists; safe when two runs race (each builds its own, one rename wins). */
export async function ensurePgliteTemplate(): Promise<string> {
  const dir = pgliteTemplateDir();
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const scratch = await mkdtemp(`${dir}-building-`);
  const folder = path.join(scratch, 'pglite');
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [path.join(repoRoot, 'scripts', 'init-pglite.mjs'), folder], (err, _out, stderr) =>
      err ? reject(new Error(stderr || err.message)) : resolve(),
    );
  });
  await rename(folder, dir).catch(() => undefined); // another run made it first: theirs is as good
  await rm(scratch, { recursive: true, force: true });
  return dir;
}
