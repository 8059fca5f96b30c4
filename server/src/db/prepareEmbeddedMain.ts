/**
 * Run as a short process of its own by prepareEmbedded.ts: creates a new embedded database folder (initdb), applies
 * every migration and installs the job queue's schema, then exits. Arguments: the PGlite folder and the queue's schema.
 */
import { runMigrations } from './migrations';
import { openDatabase } from './database';
import { createJobQueue } from '../queue/jobQueue';

const [dir, schema] = process.argv.slice(2);
if (!dir || !schema) {
  console.error('usage: node --import tsx server/src/db/prepareEmbeddedMain.ts <pglite folder> <queue schema>');
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: null, pgliteDir: dir });
await runMigrations(db);
const queue = await createJobQueue(db, { schema, supervise: false });
await queue.stop();
await db.close();
