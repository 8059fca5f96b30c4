import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../app';
import type { AccountsConfig } from '../accounts';
import type { Processor } from '../tasks/processor';
import { readInput } from '../tasks/processor';
import { createRuntime, type Runtime } from '../runtime';
import { NO_LIMITS, type LimitSettings } from '../config/limitsConfig';
import type { DatabaseTarget } from './testDatabases';

/** A tiny deterministic "model" for queue and route tests: inverts the colours, in milliseconds. */
export const invertProcessor: Processor = async (ctx) => {
  const input = await readInput(ctx);
  ctx.onProgress(0.5);
  const body = await sharp(input).negate({ alpha: false }).png().toBuffer();
  return { body, contentType: 'image/png', extension: 'png' };
};

export interface TestServer {
  app: FastifyInstance;
  runtime: Runtime;
  close(): Promise<void>;
}

/** Starts the real app on a store from `target`; `workers: 0` leaves jobs queued. */
export async function startTestServer(
  store: Awaited<ReturnType<DatabaseTarget['make']>>,
  options: {
    workers: number;
    processors?: Partial<Record<string, Processor>>;
    limits?: LimitSettings;
    accounts?: Partial<AccountsConfig>;
    /** How the public API fetches image_url (tests reach a local server through safeFetch with loopback allowed). */
    fetchImage?: (url: string) => Promise<Buffer>;
  },
): Promise<TestServer> {
  const runtime = await createRuntime({
    config: { dataDir: store.dataDir, databaseUrl: store.databaseUrl, queueSchema: 'pgboss' },
    pgliteDir: store.pgliteDir,
    processors: options.processors ?? { removebg: invertProcessor },
  });
  await runtime.startWorkers(options.workers);
  const webDir = path.join(store.dataDir, 'web');
  await mkdir(webDir, { recursive: true });
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  // Sign-in codes of test servers go to an outbox in the test's own folder unless a test gives SMTP.
  // Route tests run the paid service (BILLING=on, PAYMENTS=test) unless a test of personal mode says billing: false.
  // Route tests run many tasks per device: a large free allowance, unless a test of credits sets its own.
  const accounts: AccountsConfig = {
    smtpUrl: null,
    mailFrom: 'Lumacut test <test@localhost>',
    outboxDir: path.join(store.dataDir, 'outbox'),
    sessionHours: 24,
    freeDailyCredits: 1000,
    billing: true,
    payments: 'test',
    stripeSecretKey: null,
    stripeWebhookSecret: null,
    stripeApiUrl: null,
    oidc: {},
    ...options.accounts,
  };
  // Route tests measure behaviour, not quotas: limits are off unless a test (security/rateLimits.test.ts) sets them.
  const app = await buildApp({
    config: { publicUrl: null, webDir, workers: options.workers },
    ...runtime,
    accounts,
    limits: options.limits ?? NO_LIMITS,
    fetchImage: options.fetchImage,
  });
  return {
    app,
    runtime,
    async close() {
      await app.close();
      await runtime.close(5000); // a job still running gets 5 s, well inside vitest's hook timeout
    },
  };
}

/** Builds a multipart body by hand (light-my-request takes a Buffer payload). */
export function multipart(parts: Array<{ name: string; value: Buffer | string; filename?: string; type?: string }>) {
  const boundary = `----lumacut${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = p.filename
      ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n`
      : `Content-Disposition: form-data; name="${p.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
