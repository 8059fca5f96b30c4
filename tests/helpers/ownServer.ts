/**
 * A server of a spec's own, beside the shared one playwright.config.ts starts: the production build, the
 * embedded database in a throwaway folder (which survives a stop and start, for the specs that restart it
 * mid-run), the real models, and whatever settings the spec needs (a mail server, a ComfyUI, a small free
 * allowance). Its log stays in the data folder, kept and named when the spec failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface OwnServerOptions {
  /** Names the data folder and the messages (`accounts`, `batch`…). */
  name: string;
  /**
   * Environment on top of the spec runner's; FREE_DAILY_CREDITS (1000), LOG_LEVEL (warn) and the paid-service mode
   * (BILLING=on, PAYMENTS=test: the specs of credits and purchases) have defaults; personalMode.spec.ts turns BILLING off.
   */
  env?: Record<string, string>;
}

export class OwnTestServer {
  private child: ChildProcess | null = null;
  readonly base: string;
  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly options: OwnServerOptions,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  /** A stopped server on `port`; refuses a port that already answers (a server left by an earlier run). */
  static async create(port: number, options: OwnServerOptions): Promise<OwnTestServer> {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`port ${port} is already in use`);
    return new OwnTestServer(port, await mkdtemp(path.join(os.tmpdir(), `lumacut-e2e-${options.name}-`)), options);
  }

  /** Creates and starts one: the usual first line of a spec's beforeAll. */
  static async start(port: number, options: OwnServerOptions): Promise<OwnTestServer> {
    const server = await OwnTestServer.create(port, options);
    await server.start();
    return server;
  }

  get logFile(): string {
    return path.join(this.dataDir, 'server.log');
  }

  /** Starts the server and waits for /api/health (up to four minutes: a loaded CI machine needs more than two). */
  async start(): Promise<void> {
    const log = openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, ['build/server/main.js'], {
      env: {
        ...process.env,
        FREE_DAILY_CREDITS: '1000',
        LOG_LEVEL: 'warn',
        BILLING: 'on',
        PAYMENTS: 'test',
        ...this.options.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        DATABASE_URL: '',
      },
      stdio: ['ignore', log, log],
    });
    for (let i = 0; i < 480; i++) {
      if (
        await fetch(`${this.base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      if (this.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`the ${this.options.name} test server did not start (log: ${this.logFile})`);
  }

  /** SIGTERM: running jobs get the server's shutdown grace, the rest go back on the queue for the next start. */
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

  /** Stops it and removes its data folder, or keeps the folder and prints where its log is (a failed spec). */
  async dispose(keepLogs: boolean): Promise<void> {
    await this.stop();
    if (keepLogs) console.log(`${this.options.name} e2e server log: ${this.logFile}`);
    else await rm(this.dataDir, { recursive: true, force: true });
  }
}
