// Creates an empty embedded database (PGlite's initdb) in the folder given as the first argument, then exits.
// server/src/db/database.ts runs this as its own short process the first time a data folder is used: initdb
// starts a second PostgreSQL and an initdb program in WebAssembly, a passing peak of ~0.5 GB that would
// otherwise stay the server's peak RSS for its whole life (issue 15, item 4; bench/removebg/serverMemory.ts).
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/init-pglite.mjs <data folder>');
  process.exit(2);
}
const pg = await PGlite.create(dir);
await pg.close();
