import type { Database } from '../db/database';

/** `/files/<key>` in a document, relative or absolute; the key stops at a quote, `?` or `#`. */
const FILES_URL = /\/files\/([A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)+)/g;
/** Any path-like token; task params hold bare keys (`inputKey`) as well as URLs. */
const PATH_TOKEN = /[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)+/g;
/** Live projects read per query: small queries keep the embedded database from stalling the server. */
const PAGE = 100;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The storage keys named in a project document. */
export function fileKeysInDocument(docText: string): string[] {
  return [...docText.matchAll(FILES_URL)].map((m) => m[1]);
}

/**
 * The visitor files retention must keep, whatever their age: those named by a live (not deleted)
 * project's document (an upload or result placed on the canvas) when the project's owner owns the file (a
 * document cannot pin another owner's file by naming it, issue 30 item 10), and those a queued or running task
 * still has to read (its files were checked to be its owner's at submit). Built once per sweep, page by page, then topped up before each delete with the
 * projects saved and tasks created since, so a file added to a project mid-sweep is kept too.
 */
export class KeptFiles {
  /** Keys queued or running tasks read. */
  private readonly keys = new Set<string>();
  /** Keys live projects name, with the owners of those projects. */
  private readonly named = new Map<string, Set<string>>();
  private since = '';

  private constructor(private readonly db: Database) {}

  static async load(db: Database): Promise<KeptFiles> {
    const kept = new KeptFiles(db);
    kept.since = (await db.query<{ now: string }>('select now()::text as now')).rows[0].now;
    let after = { owner: '', id: '' };
    for (;;) {
      const { rows } = await db.query<{ owner: string; id: string; doc: string }>(
        `select owner, id, doc::text as doc from projects where deleted_at is null and (owner, id) > ($1, $2)
         order by owner, id limit ${PAGE}`,
        [after.owner, after.id],
      );
      for (const row of rows) kept.name(row.owner, row.doc);
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1];
      await nextTick();
    }
    await kept.addActiveTasks(null);
    return kept;
  }

  private name(owner: string, doc: string): void {
    for (const key of fileKeysInDocument(doc)) {
      let owners = this.named.get(key);
      if (!owners) this.named.set(key, (owners = new Set()));
      owners.add(owner);
    }
  }

  private async addActiveTasks(since: string | null): Promise<void> {
    const { rows } = await this.db.query<{ params: string }>(
      `select params::text as params from tasks where status in ('queued', 'running') and ($1::timestamptz is null or created_at >= $1)`,
      [since],
    );
    for (const { params } of rows) {
      for (const token of params.match(PATH_TOKEN) ?? []) {
        this.keys.add(token);
        const url = token.indexOf('/files/');
        if (url >= 0) this.keys.add(token.slice(url + '/files/'.length));
      }
    }
  }

  /** Adds what projects saved and tasks submitted since the last call name. */
  async refresh(): Promise<void> {
    const since = this.since;
    this.since = (await this.db.query<{ now: string }>('select now()::text as now')).rows[0].now;
    const { rows } = await this.db.query<{ owner: string; doc: string }>(
      'select owner, doc::text as doc from projects where deleted_at is null and updated_at >= $1',
      [since],
    );
    for (const row of rows) this.name(row.owner, row.doc);
    await this.addActiveTasks(since);
  }

  /** Whether the file `key`, owned by `owner` (null: unknown), must be kept. */
  has(key: string, owner: string | null): boolean {
    return this.keys.has(key) || (owner !== null && this.named.get(key)?.has(owner) === true);
  }

  get size(): number {
    return this.keys.size + this.named.size;
  }
}
