import type { Database } from '../db/database';
import type { ProjectType } from '../../../engine/doc/types';

/** What the list shows of a project, without its document. */
export interface ProjectSummaryRow {
  id: string;
  type: ProjectType;
  name: string;
  canvasW: number;
  canvasH: number;
  layerCount: number;
  thumbnailKey: string | null;
  updatedAt: Date;
}

/** Figures kept beside the document so the list never loads documents. */
export interface DocFigures {
  canvasW: number;
  canvasH: number;
  layerCount: number;
}

export interface AssetRow {
  contentType: string;
  sizeBytes: number;
  storageKey: string;
}

const SUMMARY_COLUMNS = `id, type, name, canvas_w as "canvasW", canvas_h as "canvasH", layer_count as "layerCount",
  thumbnail_key as "thumbnailKey", updated_at as "updatedAt"`;
const LIVE = 'owner = $1 and id = $2 and deleted_at is null';

/** SQL for projects and their assets. Every call is scoped to an owner; deleted projects are invisible. */
export class ProjectRepository {
  constructor(private readonly db: Database) {}

  /** Inserts a new project; false when this owner already has one with this id (deleted ones included). */
  async insert(owner: string, p: { id: string; type: ProjectType; name: string; doc: unknown } & DocFigures): Promise<boolean> {
    const { rows } = await this.db.query(
      `insert into projects (owner, id, type, name, doc, canvas_w, canvas_h, layer_count)
       values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) on conflict do nothing returning id`,
      [owner, p.id, p.type, p.name, JSON.stringify(p.doc), p.canvasW, p.canvasH, p.layerCount],
    );
    return rows.length === 1;
  }

  /** Newest first. */
  async list(owner: string, type: ProjectType | null, limit: number, offset: number): Promise<ProjectSummaryRow[]> {
    const { rows } = await this.db.query<ProjectSummaryRow>(
      `select ${SUMMARY_COLUMNS} from projects where owner = $1 and deleted_at is null and ($2::text is null or type = $2)
       order by updated_at desc, id limit $3 offset $4`,
      [owner, type, limit, offset],
    );
    return rows;
  }

  async get(owner: string, id: string): Promise<(ProjectSummaryRow & { doc: unknown; revision: number }) | null> {
    const { rows } = await this.db.query<ProjectSummaryRow & { doc: unknown; revision: number }>(
      `select ${SUMMARY_COLUMNS}, doc, revision from projects where ${LIVE}`,
      [owner, id],
    );
    return rows[0] ?? null;
  }

  /** The stored revision and thumbnail of a live project, or null. */
  async head(owner: string, id: string): Promise<{ revision: number; thumbnailKey: string | null } | null> {
    const { rows } = await this.db.query<{ revision: number; thumbnailKey: string | null }>(
      `select revision, thumbnail_key as "thumbnailKey" from projects where ${LIVE}`,
      [owner, id],
    );
    return rows[0] ?? null;
  }

  /**
   * Replaces the document and bumps the revision, in one statement so two saves cannot both win.
   * With `baseRevision` the update only happens when it is still the stored one. Null: not saved.
   */
  async save(owner: string, id: string, doc: unknown, figures: DocFigures, baseRevision: number | null): Promise<number | null> {
    const { rows } = await this.db.query<{ revision: number }>(
      `update projects set doc = $3::jsonb, canvas_w = $4, canvas_h = $5, layer_count = $6,
         revision = revision + 1, updated_at = now()
       where ${LIVE} and ($7::integer is null or revision = $7) returning revision`,
      [owner, id, JSON.stringify(doc), figures.canvasW, figures.canvasH, figures.layerCount, baseRevision],
    );
    return rows[0]?.revision ?? null;
  }

  /** Renames; the document's own `name` follows so a loaded document agrees with the list. */
  async rename(owner: string, id: string, name: string): Promise<Date | null> {
    const { rows } = await this.db.query<{ updatedAt: Date }>(
      `update projects set name = $3, doc = jsonb_set(doc, '{name}', to_jsonb($3::text)), updated_at = now()
       where ${LIVE} returning updated_at as "updatedAt"`,
      [owner, id, name],
    );
    return rows[0]?.updatedAt ?? null;
  }

  async softDelete(owner: string, id: string): Promise<boolean> {
    const { rows } = await this.db.query(`update projects set deleted_at = now() where ${LIVE} returning id`, [owner, id]);
    return rows.length === 1;
  }

  /** Points the project at a new thumbnail; the caller deletes the old file. */
  async setThumbnail(owner: string, id: string, key: string): Promise<boolean> {
    const { rows } = await this.db.query(`update projects set thumbnail_key = $3 where ${LIVE} returning id`, [owner, id, key]);
    return rows.length === 1;
  }

  async getAsset(owner: string, projectId: string, assetId: string): Promise<AssetRow | null> {
    const { rows } = await this.db.query<AssetRow>(
      `select content_type as "contentType", size_bytes as "sizeBytes", storage_key as "storageKey"
       from project_assets where owner = $1 and project_id = $2 and asset_id = $3`,
      [owner, projectId, assetId],
    );
    return rows[0] ?? null;
  }

  /** Records an asset; a second upload of the same bytes changes nothing. */
  async insertAsset(owner: string, projectId: string, assetId: string, asset: AssetRow): Promise<void> {
    await this.db.query(
      `insert into project_assets (owner, project_id, asset_id, content_type, size_bytes, storage_key)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [owner, projectId, assetId, asset.contentType, asset.sizeBytes, asset.storageKey],
    );
  }
}
