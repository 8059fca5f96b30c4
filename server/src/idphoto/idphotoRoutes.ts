/**
 * Free ID photo re-renders (issue 29, "What to build" 1): after one paid `idphoto` task has analysed a
 * portrait (face, chin, crown, cut-out, compliance), another country, background colour, output or head
 * position costs nothing: it is a new crop of the stored cut-out (server/src/idphoto/portraitStore.ts).
 *
 * - `POST /api/idphoto/render {photoHash, templateId, bgColor?, adjust?, output?}` → the JPEG, with
 *   `x-idphoto-advice` (comma-separated advice names), `x-idphoto-adjust` (JSON of the adjustment used)
 *   and `x-idphoto-moved` (1 when the asked head size or position was changed to stay on the photo).
 * - `POST /api/idphoto/portrait {photoHash}` → data `{advice, width, height}`: what the analysis found.
 *
 * `photoHash` is the hex SHA-256 of the photo's bytes: only someone who has the photo (or its project)
 * can name it. A photo never analysed, or swept by retention, answers PARAMS_INVALID (HTTP 404) with
 * `idphoto:analysisGone`: the page then offers a new (paid) analysis. A template that refuses the photo
 * answers its problem like the task would (`idphoto:<problem>`). No task is queued and nothing is charged.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { problemMessage, parseAdvice } from '../../../engine/idphoto/checks';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, fail, ok, paramsInvalid } from '../envelope';
import { runOnThread } from '../heavy/heavyPool';
import type { FreeRender } from './renderFree';
import { loadPortraitFiles, ownedPortraitId } from './portraitStore';
import { requestOwner } from '../security/requestOwner';
import type { FileStorage } from '../storage/storage';

const Hash = z.string().regex(/^[0-9a-f]{64}$/);
const RenderBody = z.object({
  photoHash: Hash,
  templateId: z.string().min(1).max(64),
  bgColor: z.string().max(16).optional(),
  adjust: z.object({ headSize: z.number(), topMargin: z.number(), shiftX: z.number() }).partial().optional(),
  output: z.string().max(16).optional(),
});
const PortraitBody = z.object({ photoHash: Hash });

/** Renders on a heavy-work thread; tests may pass their own (same contract). */
export type FreeRenderer = (json: Uint8Array, png: Uint8Array, params: Record<string, unknown>) => Promise<FreeRender>;

const onThread: FreeRenderer = (json, png, params) =>
  runOnThread<FreeRender>(new URL('../idphoto/renderFree.ts', import.meta.url), 'renderFromFiles', [json, png, params]);

function sendError(reply: FastifyReply, err: unknown) {
  if (err instanceof ApiError) {
    const gone = err.message.includes('idphoto:analysisGone');
    const status = gone ? 404 : err.code === ResultCode.SERVICE_UNAVAILABLE ? 503 : 400;
    return reply.code(status).send(fail(err.code, err.message));
  }
  console.error('idphoto render failed:', err instanceof Error ? err.message : err);
  return reply.code(500).send(fail(ResultCode.SERVER_ERROR, 'idphoto render failed'));
}

const gone = () => new ApiError(ResultCode.PARAMS_INVALID, problemMessage('analysisGone', 'this photo has no stored analysis; make the ID photo again'));

/** Registers the free ID photo routes. */
export function registerIdPhotoRoutes(app: FastifyInstance, deps: { storage: FileStorage; render?: FreeRenderer }): void {
  const render = deps.render ?? onThread;

  app.post('/api/idphoto/render', async (request, reply) => {
    try {
      const body = RenderBody.safeParse(request.body);
      if (!body.success) throw paramsInvalid('photoHash (hex SHA-256 of the photo) and templateId are required');
      const files = await loadPortraitFiles(deps.storage, ownedPortraitId(requestOwner(request), body.data.photoHash));
      if (!files) throw gone();
      const { photoHash: _, ...params } = body.data;
      const r = await render(files.json, files.png, params);
      return reply
        .type(r.contentType)
        .header('cache-control', 'no-store')
        .header('x-idphoto-advice', r.advice.join(','))
        .header('x-idphoto-adjust', JSON.stringify(r.adjust))
        .header('x-idphoto-moved', r.moved ? '1' : '0')
        .send(Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength));
    } catch (err) {
      return sendError(reply, err);
    }
  });

  app.post('/api/idphoto/portrait', async (request, reply) => {
    try {
      const body = PortraitBody.safeParse(request.body);
      if (!body.success) throw paramsInvalid('photoHash (hex SHA-256 of the photo) is required');
      const files = await loadPortraitFiles(deps.storage, ownedPortraitId(requestOwner(request), body.data.photoHash));
      if (!files) throw gone();
      const meta = JSON.parse(files.json.toString('utf8')) as { advice?: unknown; width?: number; height?: number };
      return ok({ advice: parseAdvice(meta.advice), width: meta.width ?? 0, height: meta.height ?? 0 });
    } catch (err) {
      return sendError(reply, err);
    }
  });
}
