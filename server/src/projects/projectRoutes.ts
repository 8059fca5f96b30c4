import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidProjectId } from '../../../engine/doc/projectIds';
import type { ProjectType } from '../../../engine/doc/types';
import { ResultCode } from '../../../engine/spec/errors';
import { UPLOAD_MAX_BYTES } from '../../../engine/spec/limits';
import type { Database } from '../db/database';
import { fail, ok, paramsInvalid } from '../envelope';
import type { AbsoluteUrl } from '../security/requestUrl';
import type { FileStorage } from '../storage/storage';
import { ownerOf } from '../security/ownerKey';
import { ProjectRepository } from './projectRepository';
import { ASSET_TYPES, ProjectService, THUMBNAIL_MAX_BYTES, thumbnailVersion } from './projectService';

/** JSON documents may be large (many text layers, colourful-text styles), but not unbounded. */
export const PROJECT_DOC_MAX_BYTES = 5 * 1024 * 1024;
const LIST_MAX = 500;

type Pid = { Params: { pid: string } };
type PidAsset = { Params: { pid: string; assetId: string } };

function projectIdOf(request: FastifyRequest<Pid>): string {
  const pid = request.params.pid;
  if (!isValidProjectId(pid)) throw paramsInvalid('malformed projectId');
  return pid;
}

function objectBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) throw paramsInvalid('expected a JSON object body');
  return body as Record<string, unknown>;
}

function rawBody(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw paramsInvalid('expected the image bytes as the request body');
  return request.body;
}

function intQuery(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw paramsInvalid(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

const iso = (d: Date | string): string => new Date(d).toISOString();

function sendImage(reply: FastifyReply, body: Buffer, contentType: string, cacheControl: string) {
  return reply.header('content-type', contentType).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff').send(body);
}

/**
 * Project storage (issue 3): `/api/projects` and below. Every call names its owner with the
 * `X-Device-Id` header; another owner's project answers 1010102 exactly like a missing one.
 * Registered as an encapsulated plugin so the raw image body parser stays on these routes.
 */
export async function registerProjectRoutes(app: FastifyInstance, deps: { db: Database; storage: FileStorage; absolute: AbsoluteUrl }): Promise<void> {
  const service = new ProjectService(new ProjectRepository(deps.db), deps.storage);

  await app.register(async (scope) => {
    scope.addContentTypeParser(ASSET_TYPES, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));

    scope.get<{ Querystring: { type?: string; limit?: string; offset?: string } }>('/api/projects', async (request) => {
      const owner = ownerOf(request);
      const { type } = request.query;
      if (type !== undefined && type !== 'project' && type !== 'cutouts') throw paramsInvalid('type must be project or cutouts');
      const limit = intQuery(request.query.limit, 'limit', 100, 1, LIST_MAX);
      const offset = intQuery(request.query.offset, 'offset', 0, 0, 1_000_000);
      const rows = await service.list(owner, (type as ProjectType | undefined) ?? null, limit, offset);
      return ok({
        projects: rows.map((r) => {
          const version = thumbnailVersion(r.thumbnailKey);
          return {
            projectId: r.id,
            type: r.type,
            name: r.name,
            updatedAt: iso(r.updatedAt),
            thumbnailUrl: version ? deps.absolute(request, `/api/projects/${r.id}/thumbnail?v=${version}`) : null,
            canvasW: r.canvasW,
            canvasH: r.canvasH,
            layerCount: r.layerCount,
          };
        }),
      });
    });

    scope.post('/api/projects', { bodyLimit: PROJECT_DOC_MAX_BYTES }, async (request) => {
      const owner = ownerOf(request);
      const { projectId, revision, warnings } = await service.create(owner, objectBody(request).doc);
      return ok({ projectId, revision, warnings });
    });

    scope.get<Pid>('/api/projects/:pid', async (request) => {
      const owner = ownerOf(request);
      const loaded = await service.load(owner, projectIdOf(request));
      return ok({ ...loaded, updatedAt: iso(loaded.updatedAt) });
    });

    scope.put<Pid>('/api/projects/:pid', { bodyLimit: PROJECT_DOC_MAX_BYTES }, async (request, reply) => {
      const owner = ownerOf(request);
      const pid = projectIdOf(request);
      const body = objectBody(request);
      const base = body.baseRevision ?? null;
      if (base !== null && !(Number.isInteger(base) && (base as number) >= 0)) throw paramsInvalid('baseRevision must be a whole number');
      const result = await service.save(owner, pid, body.doc, base as number | null);
      if (!result.saved) return reply.code(409).send(fail(ResultCode.PARAMS_INVALID, 'revision conflict', { revision: result.revision }));
      return ok({ revision: result.revision, warnings: result.warnings });
    });

    scope.patch<Pid>('/api/projects/:pid', async (request) => {
      const owner = ownerOf(request);
      const renamed = await service.rename(owner, projectIdOf(request), objectBody(request).name);
      return ok({ name: renamed.name, updatedAt: iso(renamed.updatedAt) });
    });

    scope.delete<Pid>('/api/projects/:pid', async (request) => {
      const owner = ownerOf(request);
      await service.remove(owner, projectIdOf(request));
      return ok({});
    });

    scope.put<PidAsset>('/api/projects/:pid/assets/:assetId', { bodyLimit: UPLOAD_MAX_BYTES }, async (request) => {
      const owner = ownerOf(request);
      return ok(await service.putAsset(owner, projectIdOf(request), request.params.assetId, rawBody(request)));
    });

    scope.get<PidAsset>('/api/projects/:pid/assets/:assetId', async (request, reply) => {
      const owner = ownerOf(request, { allowCookie: true });
      const asset = await service.getAsset(owner, projectIdOf(request), request.params.assetId);
      // The id is the hash of the bytes, so a URL's content never changes.
      return sendImage(reply, asset.body, asset.contentType, 'private, max-age=31536000, immutable');
    });

    scope.put<Pid>('/api/projects/:pid/thumbnail', { bodyLimit: THUMBNAIL_MAX_BYTES }, async (request) => {
      const owner = ownerOf(request);
      const { version } = await service.putThumbnail(owner, projectIdOf(request), rawBody(request));
      return ok({ thumbnailUrl: deps.absolute(request, `/api/projects/${request.params.pid}/thumbnail?v=${version}`) });
    });

    scope.get<Pid>('/api/projects/:pid/thumbnail', async (request, reply) => {
      const owner = ownerOf(request, { allowCookie: true });
      const thumb = await service.getThumbnail(owner, projectIdOf(request));
      const etag = `"${thumb.version}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).header('cache-control', 'private, no-cache').send();
      return sendImage(reply, thumb.body, thumb.contentType, 'private, no-cache');
    });
  });
}
