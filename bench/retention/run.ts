/**
 * Retention sweep cost: how long one sweep takes to delete BENCH_FILES expired visitor files while
 * BENCH_PROJECTS live projects (each naming BENCH_REFS of those files in image layers) must be kept.
 * Local disk storage in a temporary folder; PGlite by default, PostgreSQL when DATABASE_URL is set
 * (a throwaway database is created and dropped). Prints the figures and a `BENCH_JSON {...}` line.
 *
 *   npm run bench:retention
 *   BENCH_FILES=20000 BENCH_PROJECTS=2000 npm run bench:retention
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createImageLayer } from '../../engine/doc/factories';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/schema';
import { testDoc } from '../../server/src/projects/testDoc';
import { LocalDiskStorage } from '../../server/src/storage/localDiskStorage';
import { sweepExpired } from '../../server/src/storage/retention';
import { TrackedStorage } from '../../server/src/storage/trackedStorage';
import { databaseTargets } from '../../server/src/testing/testDatabases';

const FILES = Number(process.env.BENCH_FILES ?? 5000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 500);
const REFS = Number(process.env.BENCH_REFS ?? 4);
const DAY = 24 * 3600_000;

async function main(): Promise<void> {
  const target = databaseTargets().at(-1)!; // PostgreSQL when DATABASE_URL is set, else PGlite
  const store = await target.make();
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-bench-retention-'));
  const db = await openDatabase({ databaseUrl: store.databaseUrl, pgliteDir: store.pgliteDir });
  try {
    await migrate(db);
    const storage = new TrackedStorage(new LocalDiskStorage(filesDir), db);
    const body = Buffer.alloc(1024, 7);
    const keys: string[] = [];
    const setupStart = performance.now();
    for (let i = 0; i < FILES; i++) {
      const key = `uploads/web/2026/01/01/${String(i).padStart(8, '0')}.png`;
      await storage.put(key, body, 'image/png');
      keys.push(key);
    }
    await db.query(`update files set created_at = now() - interval '2 days'`);
    const referenced = new Set<string>();
    for (let p = 0; p < PROJECTS; p++) {
      const doc = testDoc('project');
      for (let r = 0; r < REFS; r++) {
        const key = keys[(p * REFS + r) % keys.length];
        referenced.add(key);
        doc.layers.push(
          createImageLayer({ uri: `https://photos.example.org/files/${key}`, name: 'x.png', naturalW: 800, naturalH: 600, canvasW: 1080, canvasH: 1080 }),
        );
      }
      await db.query(`insert into projects (owner, id, type, name, doc) values ('bench', $1, 'project', 'bench', $2::jsonb)`, [
        doc.projectId,
        JSON.stringify(doc),
      ]);
    }
    const setupS = (performance.now() - setupStart) / 1000;

    const rssBefore = process.memoryUsage().rss;
    // The sweep runs beside the HTTP server: its longest stall of the event loop is what visitors would feel.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const start = performance.now();
    const report = await sweepExpired(db, storage, DAY);
    const sweepMs = performance.now() - start;
    loop.disable();
    const maxStallMs = loop.max / 1e6;
    const left = Number((await db.query<{ n: string }>('select count(*) as n from files')).rows[0].n);
    const kept = left === referenced.size && report.files === FILES - referenced.size;

    console.log(`database: ${target.name}; ${FILES} expired files, ${PROJECTS} live projects naming ${referenced.size} of them (setup ${setupS.toFixed(1)} s)`);
    console.log(
      `sweep: ${sweepMs.toFixed(0)} ms, deleted ${report.files} files (${(sweepMs / Math.max(1, report.files)).toFixed(2)} ms per file), kept ${left}`,
    );
    console.log(`longest event-loop stall during the sweep: ${maxStallMs.toFixed(0)} ms`);
    console.log(`rss change during the sweep: ${((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toFixed(1)} MB`);
    if (!kept) console.log('WRONG: the sweep did not keep exactly the referenced files');
    console.log(
      `BENCH_JSON ${JSON.stringify({ database: target.name, files: FILES, projects: PROJECTS, referenced: referenced.size, sweepMs: Math.round(sweepMs), maxStallMs: Math.round(maxStallMs), deleted: report.files, kept: left, correct: kept })}`,
    );
    if (!kept) process.exitCode = 1;
  } finally {
    await db.close();
    await store.cleanup();
    await rm(filesDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
