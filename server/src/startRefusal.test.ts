/**
 * Issue 27, payments fail closed, as an operator meets it: the real start command with one Stripe key in
 * production stops before it listens, exits non-zero and names the missing key. (The rules themselves are
 * unit-tested in accounts/accountsConfig.test.ts; this proves main.ts acts on them.)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** Runs the server's entry point with `env` added; resolves with its exit code and everything it printed. */
async function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-refusal-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (b: Buffer) => {
    output += b;
  });
  child.stderr.on('data', (b: Buffer) => {
    output += b;
  });
  // A start that is not refused would listen and never exit: the test's own timeout fails it then.
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

describe('the server refuses to start with half a payment set-up', () => {
  it('NODE_ENV=production with STRIPE_SECRET_KEY alone: exit 1, naming STRIPE_WEBHOOK_SECRET, nothing listening', async () => {
    const { code, output } = await start({ NODE_ENV: 'production', BILLING: 'on', STRIPE_SECRET_KEY: 'sk_test_only_one_key' });
    expect(code).toBe(1);
    expect(output).toContain('STRIPE_WEBHOOK_SECRET is missing');
    expect(output).not.toContain('Lumacut is running');
  }, 60_000);

  it('NODE_ENV=production with PAYMENTS=test: exit 1, saying the test provider is refused in production', async () => {
    const { code, output } = await start({ NODE_ENV: 'production', BILLING: 'on', PAYMENTS: 'test' });
    expect(code).toBe(1);
    expect(output).toContain('PAYMENTS=test is refused with NODE_ENV=production');
    expect(output).not.toContain('Lumacut is running');
  }, 60_000);
});
