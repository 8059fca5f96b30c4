import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';

/**
 * Prepares a NEW embedded database folder in a short process of its own (prepareEmbeddedMain.ts): initdb, every
 * migration and the job queue's schema. PGlite's WebAssembly memory only grows, so the ~40 MB that building the
 * schema touches would otherwise stay resident in the server for its whole life (issue 15, item 4: the server's
 * peak memory: a process that opened, migrated and queued a fresh folder held 309 MiB, one that opened an existing
 * folder 261-277 MiB).
 * An existing folder is left to the server, whose migration step then finds nothing or only the newest migrations.
 * A `memory://` database (tests) is not a folder and is left alone.
 */
export async function prepareEmbeddedFolder(dir: string, queueSchema: string): Promise<void> {
  if (dir.startsWith('memory://') || existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = path.join(PROJECT_ROOT, 'server', 'src', 'db', 'prepareEmbeddedMain.ts');
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', script, dir, queueSchema], { cwd: PROJECT_ROOT }, (err, _out, stderr) => {
      if (err) reject(new Error(`preparing the embedded database in ${dir} failed: ${stderr.trim() || err.message}`));
      else resolve();
    });
  });
}
