/**
 * A server of our own for the batch end-to-end tests, which stop and start it mid-batch: the production
 * build, the embedded database in a throwaway folder that survives the restart, the real model.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export class BatchTestServer {
  private child: ChildProcess | null = null;
  readonly base: string;
  private constructor(readonly port: number, readonly dataDir: string) {
    this.base = `http://127.0.0.1:${port}`;
  }

  static async create(port: number): Promise<BatchTestServer> {
    const base = `http://127.0.0.1:${port}`;
    // A server left on the port by an earlier run would answer in place of ours.
    if (await fetch(`${base}/api/health`).then(() => true, () => false)) throw new Error(`port ${port} is already in use`);
    return new BatchTestServer(port, await mkdtemp(path.join(os.tmpdir(), 'lumacut-e2e-batch-')));
  }

  async start(): Promise<void> {
    const log = openSync(path.join(this.dataDir, 'server.log'), 'a');
    this.child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, DATABASE_URL: '', FREE_DAILY_CREDITS: '1000', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_SECONDS: '2' },
      stdio: ['ignore', log, log],
    });
    for (let i = 0; i < 240; i++) {
      if (await fetch(`${this.base}/api/health`).then((r) => r.ok, () => false)) return;
      if (this.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`the batch test server did not start (log: ${path.join(this.dataDir, 'server.log')})`);
  }

  /** SIGTERM: running jobs get a short grace, the rest go back on the queue for the next start. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  async dispose(keepLogs: boolean): Promise<void> {
    await this.stop();
    if (keepLogs) console.log(`batch e2e server log: ${path.join(this.dataDir, 'server.log')}`);
    else await rm(this.dataDir, { recursive: true, force: true });
  }
}
