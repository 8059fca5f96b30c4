import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';

/** A server or worker started as its own OS process by a test. */
export interface ChildServer {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

/** Starts `server/src/testing/<script>` with tsx in its own process, resolved once it printed `readyLine`. */
export async function startChild(script: string, args: string[], env: Record<string, string>, readyLine = 'CRASH-TEST-READY'): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'server/src/testing', script), ...args], {
    cwd: PROJECT_ROOT,
    // Crash tests submit many jobs from one caller: a free allowance that never runs out.
    env: { ...process.env, LOG_LEVEL: 'warn', FREE_DAILY_CREDITS: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const deadline = Date.now() + 60_000;
  while (!out.includes(readyLine)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${script} ${args.join(' ')} exited:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => out, exited };
}

/** Kills a child with SIGKILL (no chance to clean up: a crash) and waits until it is gone. */
export async function crash(server: ChildServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Task ids written by the crash-test processor, one line per run that reached its end. */
export async function completions(dataDir: string): Promise<string[]> {
  const text = await readFile(path.join(dataDir, 'completions.log'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ')[0]);
}
