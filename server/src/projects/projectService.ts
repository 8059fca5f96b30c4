import { createHash } from 'node:crypto';
import type { ProjectType } from '../../../engine/doc/types';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, paramsInvalid } from '../envelope';
import { inspectImage } from '../images/inspectImage';
import { extensionFor, type FileStorage } from '../storage/storage';
import { checkProjectDoc, checkProjectName, initialName } from './projectDoc';
import type { ProjectRepository, ProjectSummaryRow } from './projectRepository';

/** Raster formats a project may hold; SVG is a document that can carry scripts, so it is refused. */
export const ASSET_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
export const THUMBNAIL_MAX_PIXELS = 2048 * 2048;
const ASSET_ID_SHAPE = /^[0-9a-f]{64}$/;

export const projectNotFound = (): ApiError => new ApiError(ResultCode.PROJECT_NOT_FOUND, undefined, 404);
const sha256 = (body: Buffer): string => createHash('sha256').update(body).digest('hex');

export type SaveResult = { saved: true; revision: number; warnings: string[] } | { saved: false; revision: number };

/** Project storage: documents in the database, asset and thumbnail bytes in FileStorage. */
export class ProjectService {
  constructor(
    private readonly repo: ProjectRepository,
    private readonly storage: FileStorage,
  ) {}

  private prefix(owner: string, projectId: string): string {
    return `projects/${owner}/${projectId}`;
  }

  private async requireLive(owner: string, projectId: string) {
    const head = await this.repo.head(owner, projectId);
    if (!head) throw projectNotFound();
    return head;
  }

  list(owner: string, type: ProjectType | null, limit: number, offset: number): Promise<ProjectSummaryRow[]> {
    return this.repo.list(owner, type, limit, offset);
  }

  async create(owner: string, docInput: unknown): Promise<{ projectId: string; revision: number; warnings: string[] }> {
    const { project, warnings, figures } = checkProjectDoc(docInput);
    const created = await this.repo.insert(owner, {
      id: project.projectId,
      type: project.type,
      name: initialName(project),
      doc: project,
      ...figures,
    });
    if (!created) throw new ApiError(ResultCode.PARAMS_INVALID, 'a project with this projectId already exists', 409);
    return { projectId: project.projectId, revision: 1, warnings };
  }

  /** The stored document, its `name` being the stored (list) name. */
  async load(owner: string, projectId: string) {
    const row = await this.repo.get(owner, projectId);
    if (!row) throw projectNotFound();
    return { doc: { ...(row.doc as object), name: row.name }, revision: row.revision, name: row.name, updatedAt: row.updatedAt };
  }

  /**
   * Saves a new version. The stored name is left alone (only a rename changes it), so an autosave
   * from a tab opened before a rename cannot undo it. A stale `baseRevision` saves nothing.
   */
  async save(owner: string, projectId: string, docInput: unknown, baseRevision: number | null): Promise<SaveResult> {
    const { project, warnings, figures } = checkProjectDoc(docInput, projectId);
    const revision = await this.repo.save(owner, projectId, project, figures, baseRevision);
    if (revision !== null) return { saved: true, revision, warnings };
    const head = await this.requireLive(owner, projectId);
    return { saved: false, revision: head.revision };
  }

  async rename(owner: string, projectId: string, nameInput: unknown): Promise<{ name: string; updatedAt: Date }> {
    const name = checkProjectName(nameInput);
    const updatedAt = await this.repo.rename(owner, projectId, name);
    if (!updatedAt) throw projectNotFound();
    return { name, updatedAt };
  }

  /** Soft delete: the row and files stay (a restore stays possible); every route then answers 1010102. */
  async remove(owner: string, projectId: string): Promise<void> {
    if (!(await this.repo.softDelete(owner, projectId))) throw projectNotFound();
  }

  /** Stores an asset whose id is the SHA-256 of its bytes. Idempotent: the same bytes again change nothing. */
  async putAsset(owner: string, projectId: string, assetId: string, body: Buffer) {
    await this.requireLive(owner, projectId);
    if (!ASSET_ID_SHAPE.test(assetId)) throw paramsInvalid('assetId must be the lowercase hex SHA-256 of the file');
    if (sha256(body) !== assetId) throw paramsInvalid('assetId is not the SHA-256 of the uploaded bytes');
    const known = await this.repo.getAsset(owner, projectId, assetId);
    if (known && (await this.storage.exists(known.storageKey))) {
      return { assetId, contentType: known.contentType, sizeBytes: known.sizeBytes };
    }
    const { contentType } = await inspectImage(body);
    if (!ASSET_TYPES.includes(contentType)) throw paramsInvalid('project images must be PNG, JPG, WEBP or GIF');
    const storageKey = `${this.prefix(owner, projectId)}/assets/${assetId}.${extensionFor(contentType)}`;
    await this.storage.put(storageKey, body, contentType);
    await this.repo.insertAsset(owner, projectId, assetId, { contentType, sizeBytes: body.length, storageKey });
    return { assetId, contentType, sizeBytes: body.length };
  }

  async getAsset(owner: string, projectId: string, assetId: string): Promise<{ body: Buffer; contentType: string }> {
    await this.requireLive(owner, projectId);
    const asset = ASSET_ID_SHAPE.test(assetId) ? await this.repo.getAsset(owner, projectId, assetId) : null;
    const file = asset ? await this.storage.get(asset.storageKey) : null;
    if (!asset || !file) throw new ApiError(ResultCode.PARAMS_INVALID, 'asset not found', 404);
    return { body: file.body, contentType: asset.contentType };
  }

  /** Replaces the thumbnail. Its key carries a hash of the bytes, which doubles as the cache version. */
  async putThumbnail(owner: string, projectId: string, body: Buffer): Promise<{ version: string }> {
    const head = await this.requireLive(owner, projectId);
    if (body.length > THUMBNAIL_MAX_BYTES) throw paramsInvalid('the thumbnail is larger than 2 MB');
    const { contentType } = await inspectImage(body, THUMBNAIL_MAX_PIXELS);
    if (!THUMBNAIL_TYPES.includes(contentType)) throw paramsInvalid('a thumbnail must be PNG, JPG or WEBP');
    const version = sha256(body).slice(0, 16);
    const key = `${this.prefix(owner, projectId)}/thumbnail-${version}.${extensionFor(contentType)}`;
    await this.storage.put(key, body, contentType);
    if (!(await this.repo.setThumbnail(owner, projectId, key))) throw projectNotFound();
    if (head.thumbnailKey && head.thumbnailKey !== key) await this.storage.delete(head.thumbnailKey);
    return { version };
  }

  async getThumbnail(owner: string, projectId: string): Promise<{ body: Buffer; contentType: string; version: string }> {
    const head = await this.requireLive(owner, projectId);
    const file = head.thumbnailKey ? await this.storage.get(head.thumbnailKey) : null;
    if (!head.thumbnailKey || !file) throw new ApiError(ResultCode.PARAMS_INVALID, 'the project has no thumbnail', 404);
    return { ...file, version: thumbnailVersion(head.thumbnailKey) ?? '' };
  }
}

/** The hash part of a thumbnail key (`…/thumbnail-<version>.png`). */
export function thumbnailVersion(key: string | null): string | null {
  return key ? (/thumbnail-([0-9a-f]+)\.[a-z]+$/.exec(key)?.[1] ?? null) : null;
}
