/**
 * Prepared model files (joined IS-Net, converted Real-ESRGAN) in MODEL_DIR. They are made at `npm install` by
 * the scripts in scripts/prepare-*.mjs; an install that skipped its scripts gets them made on first use by
 * running that script as a separate program, so the running server never imports installer code.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';
import { inheritedEnvironment, processConfig } from '../config/processConfig';

/** The path of `file` in MODEL_DIR. */
export const modelFilePath = (file: string): string => path.join(processConfig().models.modelDir, file);

/**
 * `file` in MODEL_DIR, first made by `node scripts/<script> ...args` when it is missing (in a child process:
 * a conversion takes seconds of CPU, and the event loop stays free).
 */
export async function ensureModelFile(file: string, script: string, args: string[] = []): Promise<string> {
  const target = modelFilePath(file);
  if (existsSync(target)) return target;
  const { modelDir } = processConfig().models;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(PROJECT_ROOT, 'scripts', script), ...args],
      { env: { ...inheritedEnvironment(), MODEL_DIR: modelDir } },
      (err, _out, stderr) => {
        if (err) reject(new Error(`preparing ${file} with scripts/${script} failed: ${stderr.trim() || err.message}`));
        else resolve();
      },
    );
  });
  if (!existsSync(target)) throw new Error(`scripts/${script} did not make ${file}: run npm install (or node scripts/${script}) and check its output`);
  return target;
}
