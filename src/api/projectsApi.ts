/**
 * Client of the project storage API (server/README.md "Projects"). Every call sends this
 * browser's device id; failures reject with ApiResultError (the server's result code) or
 * NetworkError (no envelope came back).
 */
import { parseProject } from '../../engine/doc/parseProject';
import type { Project, ProjectType } from '../../engine/doc/types';
import { ResultCode } from '../../engine/spec/errors';
import { AUTH_TOKEN_KEY } from '../../engine/spec/storageKeys';
import type { Envelope } from '../../machines/taskFlow.types';
import { NetworkError } from './apiClient';
import { getDeviceId } from './deviceId';
import { reportReply } from './serverReplies';

/** A reply whose result code is not success; `data` carries extras such as the current revision of a conflict. */
export class ApiResultError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiResultError';
  }
}

export interface ProjectListItem {
  projectId: string;
  type: ProjectType;
  name: string;
  /** ISO time of the last save or rename. */
  updatedAt: string;
  thumbnailUrl: string | null;
  canvasW: number;
  canvasH: number;
  layerCount: number;
}

export interface LoadedProject {
  /** The document after parseProject (older schema versions migrated). */
  project: Project;
  /** Layers parseProject had to drop. */
  warnings: string[];
  revision: number;
  name: string;
  updatedAt: string;
}

const base = (pid: string) => `/api/projects/${encodeURIComponent(pid)}`;

async function call<T>(method: string, path: string, body?: { json: unknown } | { blob: Blob }, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { 'X-Device-Id': getDeviceId() };
  // Signed in, projects are the account's, on every browser it signs into.
  try {
    const token = localStorage.getItem(AUTH_TOKEN_KEY);
    if (token) headers['X-Auth-Token'] = token;
  } catch {
    // No storage: a visitor.
  }
  let payload: BodyInit | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    headers['content-type'] = body.blob.type || 'application/octet-stream';
    payload = body.blob;
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new NetworkError(err instanceof Error ? err.message : 'network error');
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new NetworkError(`HTTP ${response.status} without a JSON body`);
  }
  // 1000006 here (a lapsed sign-in while editing) asks to sign in again over the open project.
  reportReply(envelope.resultCode, path);
  if (envelope.resultCode !== ResultCode.SUCCESS) {
    throw new ApiResultError(envelope.resultCode, envelope.msg ?? `error ${envelope.resultCode}`, envelope.data);
  }
  return envelope.data as T;
}

/** This device's projects of `type` (both types when omitted), newest first. */
export async function listProjects(type?: ProjectType, opts: { limit?: number; offset?: number; signal?: AbortSignal } = {}): Promise<ProjectListItem[]> {
  const query = new URLSearchParams();
  if (type) query.set('type', type);
  if (opts.limit !== undefined) query.set('limit', String(opts.limit));
  if (opts.offset !== undefined) query.set('offset', String(opts.offset));
  const qs = query.toString();
  return (await call<{ projects: ProjectListItem[] }>('GET', `/api/projects${qs ? `?${qs}` : ''}`, undefined, opts.signal)).projects;
}

/** Stores a new project (its projectId made with createProjectId); the first revision is 1. */
export function createProject(doc: Project): Promise<{ projectId: string; revision: number; warnings: string[] }> {
  return call('POST', '/api/projects', { json: { doc } });
}

/** Loads a project and runs it through parseProject, as opening a file would. */
export async function loadProject(pid: string, signal?: AbortSignal): Promise<LoadedProject> {
  const data = await call<{ doc: unknown; revision: number; name: string; updatedAt: string }>('GET', base(pid), undefined, signal);
  const { project, warnings } = parseProject(data.doc);
  return { project, warnings, revision: data.revision, name: data.name, updatedAt: data.updatedAt };
}

/**
 * Saves (autosave). With `baseRevision`, a newer save from elsewhere makes this reject with
 * a revision conflict (see isRevisionConflict) instead of overwriting it.
 */
export function saveProject(pid: string, doc: Project, baseRevision?: number): Promise<{ revision: number; warnings: string[] }> {
  return call('PUT', base(pid), { json: baseRevision === undefined ? { doc } : { doc, baseRevision } });
}

/** Renames (1..120 characters, trimmed by the server). Does not change the revision. */
export function renameProject(pid: string, name: string): Promise<{ name: string; updatedAt: string }> {
  return call('PATCH', base(pid), { json: { name } });
}

export async function deleteProject(pid: string): Promise<void> {
  await call('DELETE', base(pid));
}

/** Uploads an image asset; `assetId` must be the lowercase hex SHA-256 of the blob's bytes. Idempotent. */
export function uploadProjectAsset(pid: string, assetId: string, blob: Blob): Promise<{ assetId: string; contentType: string; sizeBytes: number }> {
  return call('PUT', `${base(pid)}/assets/${encodeURIComponent(assetId)}`, { blob });
}

/** Same-origin URL of a stored asset, usable in `<img>` and canvas loads (the device-id cookie authorises it). */
export function projectAssetUrl(pid: string, assetId: string): string {
  getDeviceId();
  return `${base(pid)}/assets/${encodeURIComponent(assetId)}`;
}

/** Replaces the thumbnail (PNG, JPG or WEBP, at most 2 MB); answers its new, cache-busting URL. */
export function uploadThumbnail(pid: string, blob: Blob): Promise<{ thumbnailUrl: string }> {
  return call('PUT', `${base(pid)}/thumbnail`, { blob });
}

/** URL of the project's thumbnail; prefer the list's thumbnailUrl, which changes with the image. */
export function thumbnailUrl(pid: string): string {
  getDeviceId();
  return `${base(pid)}/thumbnail`;
}

/** True for a save refused because the stored project is newer; `data.revision` is the stored one. */
export function isRevisionConflict(err: unknown): err is ApiResultError & { data: { revision: number } } {
  return err instanceof ApiResultError && err.code === ResultCode.PARAMS_INVALID && err.message === 'revision conflict';
}

/** True when the project does not exist (deleted, or another device's). */
export const isProjectNotFound = (err: unknown): boolean => err instanceof ApiResultError && err.code === ResultCode.PROJECT_NOT_FOUND;
