import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decryptText } from '../../../engine/crypto/requestCrypto';
import { ResultCode } from '../../../engine/spec/errors';
import { textsOfRequest, type TextReviewReplyData } from '../../../engine/textReview';
import { ApiError, fail, ok } from '../envelope';
import { openWordListFile, type WordListSource } from './wordListFile';

export interface TextReviewRouteOptions {
  /** The base key (SecurityConfig.baseKey) the client encrypts the request body with. */
  baseKey: string;
  /** The word-list file; defaults to env SENSITIVE_WORDS_FILE or server/config/sensitive-words.json. */
  wordsFile?: string;
  /** An already opened word-list source (tests); wins over `wordsFile`. */
  source?: WordListSource;
}

const paramsInvalid = (reply: FastifyReply, message: string) => reply.code(400).send(fail(ResultCode.PARAMS_INVALID, message));

/** The cipher text of a request: a text/plain body, a JSON string, or JSON `{ data: cipher }`. */
function cipherOf(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (typeof body === 'object' && body !== null && typeof (body as { data?: unknown }).data === 'string') {
    return (body as { data: string }).data.trim() || null;
  }
  return null;
}

/**
 * Registers the text-review routes (SPEC §5, §7):
 * - `GET /api/config/sensitive-words`: the cleaned word lists `{ en, zh, zh-tw, allow }` as JSON, with an ETag
 *   (304 on If-None-Match); the file is re-read when it changes.
 * - `POST /api/text-review`: body = `encryptText(JSON.stringify({ appId, platform: 5, input?, text? }), baseKey)`
 *   (text/plain, or JSON `{ data }`); reply data `{ result: { [text]: flag }, matches }` where **flag true means
 *   non-compliant**. A body that is missing, cannot be decrypted or is not a valid request answers PARAMS_INVALID.
 * @throws Error at registration when the word-list file is missing or malformed.
 */
export function registerTextReviewRoutes(app: FastifyInstance, options: TextReviewRouteOptions): void {
  const source = options.source ?? openWordListFile(options.wordsFile);
  if (!options.baseKey) console.error('[textReview] no base key: every POST /api/text-review will answer PARAMS_INVALID');

  app.get('/api/config/sensitive-words', async (request, reply) => {
    const { body, etag } = await source.current();
    reply
      .header('etag', etag)
      .header('cache-control', 'no-cache')
      .header('content-type', 'application/json; charset=utf-8')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  });

  app.post('/api/text-review', {
    // Bad JSON, an unknown content type or an empty body: PARAMS_INVALID here too, not Fastify's own reply.
    // An ApiError from a hook (an invalid or expired X-Auth-Token is 1000006) keeps its own code.
    errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      if ((error as unknown) instanceof ApiError) {
        const apiError = error as unknown as ApiError;
        return reply.code(apiError.httpStatus).send(fail(apiError.code, apiError.message, apiError.data));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return paramsInvalid(reply, error.message);
      request.log.error(error);
      console.error('POST /api/text-review failed:', error);
      return reply.code(500).send(fail(ResultCode.SERVER_ERROR));
    },
    handler: async (request, reply) => {
      const cipher = cipherOf(request.body);
      if (!cipher) return paramsInvalid(reply, 'body must be the encrypted request');
      const plain = options.baseKey ? await decryptText(cipher, options.baseKey) : null;
      if (plain === null) return paramsInvalid(reply, 'body cannot be decrypted');
      let parsed: unknown;
      try {
        parsed = JSON.parse(plain);
      } catch {
        return paramsInvalid(reply, 'decrypted body is not JSON');
      }
      const checked = textsOfRequest(parsed);
      if ('error' in checked) return paramsInvalid(reply, checked.error);

      const { reviewer } = await source.current();
      const reviews = checked.texts.map((text) => [text, reviewer.review(text)] as const);
      // Object.fromEntries defines own properties, so a text such as "__proto__" is a key like any other.
      const data: TextReviewReplyData = {
        result: Object.fromEntries(reviews.map(([text, review]) => [text, !review.compliant])),
        matches: Object.fromEntries(reviews.filter(([, review]) => !review.compliant).map(([text, review]) => [text, review.matches])),
      };
      return reply.send(ok(data));
    },
  });
}
