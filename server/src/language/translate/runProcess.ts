import { spawn } from 'node:child_process';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Output kept from a process at most; a prompt's translation is far smaller. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

/** Why a process run failed: it could not start, ran too long, or exited with an error. */
export class ProcessError extends Error {
  override readonly name = 'ProcessError';
  constructor(
    readonly reason: 'spawn' | 'timeout' | 'exit',
    message: string,
  ) {
    super(message);
  }
}

export interface RunOptions {
  /** Kill the process and reject after this long. */
  timeoutMs: number;
  /**
   * Give stdin as an open file instead of a pipe. Node's stdin "pipe" is a socket pair, and programs that
   * open /dev/stdin by name (Apertium's shell script does: `apertium-destxt /dev/stdin`) cannot open a socket;
   * they print their usage and translate nothing. The file is private (0600, own temp folder) and removed.
   */
  stdinAsFile?: boolean;
}

/**
 * Runs `command` with `args` (no shell: the text never reaches a command line), gives it `input` on stdin and
 * collects stdout. Rejects with ProcessError when it cannot start, exits non-zero, or outlives the time limit
 * (then it is killed).
 */
export async function runProcess(command: string, args: readonly string[], input: string, options: RunOptions): Promise<{ stdout: string }> {
  if (!options.stdinAsFile) return spawnWith(command, args, { input }, options.timeoutMs);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-stdin-'));
  const file = path.join(dir, 'input.txt');
  try {
    await writeFile(file, input, { mode: 0o600 });
    const handle = await open(file, 'r');
    try {
      return await spawnWith(command, args, { fd: handle.fd }, options.timeoutMs);
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function spawnWith(command: string, args: readonly string[], stdin: { input: string } | { fd: number }, timeoutMs: number): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout kills the whole pipeline a wrapper script starts, not just the script.
    const child = spawn(command, args, { stdio: ['fd' in stdin ? stdin.fd : 'pipe', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let settled = false;
    const finish = (error: ProcessError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ stdout: Buffer.concat(out).toString('utf8') });
    };
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      finish(new ProcessError('timeout', `${command} ${args.join(' ')}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (e) => finish(new ProcessError('spawn', `${command}: ${e.message}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= MAX_OUTPUT_BYTES) out.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('close', (code, signal) => {
      if (code === 0) return finish(null);
      const stderr = Buffer.concat(err).toString('utf8').trim().split('\n')[0] ?? '';
      finish(new ProcessError('exit', `${command} ${args.join(' ')} exited with ${code ?? signal}${stderr ? `: ${stderr}` : ''}`));
    });
    if ('input' in stdin && child.stdin) {
      // A process that dies before reading its input closes the pipe: the exit code tells the story, not EPIPE.
      child.stdin.on('error', () => {});
      child.stdin.end(stdin.input);
    }
  });
}
