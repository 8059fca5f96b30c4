/**
 * bench:batch-statements (issue 17): where the bulk resizer's bookkeeping goes, per photo. Runs the real
 * runtime and app in this process on embedded PGlite (the bench's default database), adds BENCH_COUNT (100)
 * real photos to a resize batch, starts it and polls once a second like the page, and prints for the timed
 * part (start → done): database statements per photo and the time the database spent on each kind, file
 * writes per photo, and bytes handed to storage per photo. Counts, not speeds: they do not depend on the
 * machine's load.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddItemsReply, BatchStatus } from '../../engine/spec/batch';
import { BATCH_POLL_INTERVAL_MS } from '../../engine/spec/batch';
import { batchResizeProcessor } from '../../server/src/processors/batchResize';
import type { FileStorage } from '../../server/src/storage/storage';
import type { Processor } from '../../server/src/tasks/processor';
import { multipart, startTestServer } from '../../server/src/testing/testServer';
import { benchPhotos } from './photos';

const COUNT = Number(process.env.BENCH_COUNT) || 100;
const HEADERS = { 'x-device-id': 'bench_statements_device_0123456789' };

/** The kind of a statement: its first words, with literals and whitespace folded. */
const kindOf = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 90);

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-statements-'));
  const store = { databaseUrl: null, pgliteDir: path.join(dir, 'pglite'), dataDir: dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
  // Pipeline occupancy: how many photos are inside the processor at each moment (2 = both pipelines busy).
  const busy = { active: 0, since: 0, integral: 0, on: false, first: 0, last: 0 };
  const tick = () => {
    const now = performance.now();
    if (busy.on) busy.integral += busy.active * (now - busy.since);
    busy.since = now;
  };
  const batchEdit: Processor = async (ctx) => {
    tick();
    if (busy.on && busy.first === 0) busy.first = performance.now();
    busy.active += 1;
    try {
      return await batchResizeProcessor(ctx);
    } finally {
      tick();
      busy.last = performance.now();
      busy.active -= 1;
    }
  };
  const server = await startTestServer(store, { workers: 2, processors: { batchEdit } });
  const { app, runtime } = server;
  try {
    const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await app.inject({
        method,
        url,
        headers: { ...HEADERS, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      return (res.json() as { data: T }).data;
    };
    const distinct = await benchPhotos();
    const { batchId } = await call<BatchStatus>('POST', '/api/batch', {
      tool: 'resize',
      settings: { mode: 'longestSide', longestSide: 640, format: 'jpg', quality: 85 },
    });
    for (let i = 0; i < COUNT; i += 20) {
      const files = await Promise.all(
        Array.from({ length: Math.min(20, COUNT - i) }, async (_, j) => ({
          name: 'file',
          value: await readFile(distinct[(i + j) % distinct.length]),
          filename: `${i + j}.jpg`,
          type: 'image/jpeg',
        })),
      );
      const form = multipart(files);
      const res = await app.inject({ method: 'POST', url: `/api/batch/${batchId}/items`, headers: { ...HEADERS, ...form.headers }, payload: form.payload });
      if ((res.json() as { data: AddItemsReply }).data.items.length !== files.length) throw new Error(res.body);
    }

    // Count from here: statements, their database time, file writes and the bytes written.
    const stats = new Map<string, { n: number; ms: number; empty: number }>();
    const db = runtime.db;
    const query = db.query.bind(db);
    db.query = (async (sql: string, params?: unknown[]) => {
      const t0 = performance.now();
      const result = await query(sql, params);
      const s = stats.get(kindOf(sql)) ?? { n: 0, ms: 0, empty: 0 };
      s.n += 1;
      s.ms += performance.now() - t0;
      if (result.rows.length === 0) s.empty += 1;
      stats.set(kindOf(sql), s);
      return result;
    }) as typeof db.query;
    // Files stored (every storage write goes through the untracked storage's put) and the bytes handed over.
    const writes = { files: 0, bytes: 0 };
    const bytes = (runtime.storage as { untracked?: FileStorage }).untracked ?? runtime.storage;
    const put = bytes.put.bind(bytes);
    bytes.put = async (key, body, contentType) => {
      writes.files += 1;
      writes.bytes += body.length;
      return put(key, body, contentType);
    };

    const t0 = performance.now();
    tick();
    busy.on = true;
    let status = await call<BatchStatus>('POST', `/api/batch/${batchId}/start`, {});
    let polls = 0;
    while (status.state !== 'done') {
      await new Promise((r) => setTimeout(r, BATCH_POLL_INTERVAL_MS));
      status = await call<BatchStatus>('GET', `/api/batch/${batchId}`);
      polls += 1;
    }
    const seconds = (performance.now() - t0) / 1000;
    tick();
    busy.on = false;
    bytes.put = put;
    db.query = query;
    const total = [...stats.values()].reduce((a, s) => ({ n: a.n + s.n, ms: a.ms + s.ms }), { n: 0, ms: 0 });
    console.log(
      `${COUNT} photos resized in ${seconds.toFixed(2)} s (${status.counts.completed} completed, ${polls} status polls); load ${os.loadavg()[0].toFixed(2)}`,
    );
    // The server's clock says when the last task finished (the poll only notices it up to a second later).
    const finished = Date.parse(status.finishedAt!) - (Date.now() - performance.now());
    const busyWindow = finished - t0;
    console.log(
      `start → first photo in a pipeline ${(busy.first - t0).toFixed(0)} ms; last photo out → last task finished ${(finished - busy.last).toFixed(0)} ms`,
    );
    console.log(
      `photo pipelines busy ${((100 * busy.integral) / (2 * busyWindow)).toFixed(0)} % of the ${(busyWindow / 1000).toFixed(2)} s from start to the last task's finish (2 pipelines)`,
    );
    console.log(`statements: ${total.n} (${(total.n / COUNT).toFixed(2)} per photo), ${total.ms.toFixed(0)} ms in the database (wall, overlapping)`);
    for (const [kind, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
      console.log(`  ${String(s.n).padStart(5)} × ${s.ms.toFixed(0).padStart(6)} ms, ${String(s.empty).padStart(3)} empty  ${kind}`);
    console.log(`files stored: ${writes.files} (${(writes.files / COUNT).toFixed(2)} per photo), ${(writes.bytes / COUNT / 1024).toFixed(0)} KB per photo`);
  } finally {
    await server.close();
    await store.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
