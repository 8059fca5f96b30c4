import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ResultCode } from '../../../engine/spec/errors';
import { fail, ok } from '../envelope';
import { sharedPictureReviewer, UndecodablePictureError, type PictureReviewer } from '../models/nsfw/pictureReviewer';
import { callerMayUse, type FileAccess } from '../security/fileAccess';
import { isPublicFileKey, type FileStorage } from '../storage/storage';
import { storageKeyFromUrl } from '../storage/fileUrls';

/** Only pictures that our own upload stored (uploadRoutes puts them under this prefix) are reviewed. */
const UPLOAD_KEY_PREFIX = 'uploads/';

const ReviewBody = z.object({ imgUrl: z.string().min(1).max(2048) });

/**
 * The storage key of a picture our upload stored, from `/files/<key>` or `http(s)://<any host>/files/<key>`;
 * null for anything else. The host is not checked because nothing is ever fetched: the key is only
 * looked up in our own storage.
 */
export function uploadedKeyFromUrl(imgUrl: string): string | null {
  let key: string | null;
  try {
    key = storageKeyFromUrl(imgUrl);
  } catch {
    return null; // malformed percent-escapes
  }
  if (!key || !isPublicFileKey(key) || !key.startsWith(UPLOAD_KEY_PREFIX)) return null;
  return key;
}

/** Replies are sent here rather than thrown, so the route gives envelopes in any Fastify app. */
const paramsInvalid = (reply: FastifyReply, msg: string) => reply.code(400).send(fail(ResultCode.PARAMS_INVALID, msg));

/**
 * `POST /api/pic-review {imgUrl}` (SPEC §7): data `{ status }`, 2 when the picture is rejected and 1
 * when it passes (SPEC §4). The class probabilities stay on the server, so the reply cannot be used to
 * tune a picture until it slips under the threshold.
 * `reviewer` defaults to the process-wide nsfwjs reviewer, whose model loads on the first review.
 */
export function registerPictureReviewRoutes(app: FastifyInstance, deps: { storage: FileStorage; reviewer?: PictureReviewer; access?: FileAccess }): void {
  const reviewer = (): PictureReviewer => deps.reviewer ?? sharedPictureReviewer();

  app.post('/api/pic-review', async (request, reply) => {
    const body = ReviewBody.safeParse(request.body);
    if (!body.success) return paramsInvalid(reply, 'imgUrl is required: the URL of a picture uploaded to this server');
    const key = uploadedKeyFromUrl(body.data.imgUrl);
    if (!key) return paramsInvalid(reply, 'imgUrl must be a picture uploaded to this server (/files/uploads/…)');
    const file = (await callerMayUse(deps.access, request, key)) ? await deps.storage.get(key) : null;
    if (!file) return paramsInvalid(reply, 'imgUrl names no stored file of yours');
    try {
      const verdict = await reviewer().review(file.body);
      return ok({ status: verdict.status });
    } catch (err) {
      if (err instanceof UndecodablePictureError) return paramsInvalid(reply, 'imgUrl is not a picture');
      request.log.error(err);
      console.error('picture review failed:', err instanceof Error ? err.message : err);
      return reply.code(500).send(fail(ResultCode.SERVER_ERROR, 'picture review failed'));
    }
  });
}
