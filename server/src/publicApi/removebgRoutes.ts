import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { UPLOAD_MAX_BYTES } from '../../../engine/spec/limits';
import { RemoveBgFields, type RemoveBgFieldValues } from '../../../engine/spec/removeBgApi';
import { accountOwnerKey } from '../accounts/accountRepository';
import { accountPayer, type CreditLedger } from '../credits/creditLedger';
import type { ApiKeyStore } from '../apiKeys/apiKeyStore';
import { ApiError } from '../envelope';
import { inspectImage, type ImageInfo } from '../images/inspectImage';
import { SafeFetchError, safeFetch } from '../net/safeFetch';
import { requestOwner } from '../security/requestOwner';
import { composeCutout, RemoveBgError, type ComposedResult } from './composeCutout';
import type { CutoutRunner } from './cutoutRunner';
import type { KeyRateLimit, RateState } from './keyRateLimit';

/** Fetches an image URL for the API; the default is the SSRF-safe fetch (public hosts only). Tests inject one. */
export type ImageFetcher = (url: string) => Promise<Buffer>;

export const defaultImageFetcher: ImageFetcher = async (url) => (await safeFetch(url, { maxBytes: UPLOAD_MAX_BYTES, timeoutMs: 20_000 })).body;

/** Who calls: an account's key, or (personal mode only) nobody in particular. */
interface Caller {
  accountId: string | null;
  owner: string;
  payer: string | null;
  /** What the per-key rate limit counts. */
  limitKey: string;
}

export interface RemoveBgRouteDeps {
  keys: ApiKeyStore;
  runner: CutoutRunner;
  ledger: CreditLedger;
  limiter: KeyRateLimit;
  billing: boolean;
  fetchImage?: ImageFetcher;
}

const BODY_LIMIT = 48 * 1024 * 1024;

/** The SPEC §8 code of each status, added on `/api/…` routes (rembg's), where every error carries one. */
const SPEC_CODE: Record<number, number> = {
  400: ResultCode.PARAMS_INVALID,
  402: ResultCode.CREDITS_NOT_ENOUGH,
  403: ResultCode.ACCOUNT_AUTHORIZED_EXPIRED,
  429: ResultCode.SERVICE_UNAVAILABLE,
  503: ResultCode.SERVICE_UNAVAILABLE,
};

function sendError(reply: FastifyReply, error: RemoveBgError): FastifyReply {
  const api = reply.request.url.startsWith('/api/');
  return reply
    .code(error.status)
    .type('application/json')
    .send({
      errors: [{ title: error.message, code: error.code }],
      ...(api ? { resultCode: SPEC_CODE[error.status], msg: error.message } : {}),
    });
}

/** The request's parts: text fields (multipart, form or JSON) and the two files remove.bg takes by upload. */
async function readInput(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; files: Record<string, Buffer> }> {
  const files: Record<string, Buffer> = {};
  const fields: Record<string, unknown> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        if (part.file.truncated) throw new RemoveBgError(400, 'file_too_large', `the file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
        files[part.fieldname] = body;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
    return { fields, files };
  }
  const body = request.body;
  if (typeof body === 'string') {
    for (const [k, v] of new URLSearchParams(body)) fields[k] = v;
  } else if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    Object.assign(fields, body);
  }
  return { fields, files };
}

/** Reads an image the caller sent or named, checked like an upload (whole, decodable, within the pixel limit). */
async function imageFrom(
  source: { file?: Buffer; b64?: string; url?: string },
  fetchImage: ImageFetcher,
  what: 'image' | 'bg_image',
): Promise<{ body: Buffer; info: ImageInfo } | null> {
  let body: Buffer | null = null;
  if (source.file) body = source.file;
  else if (source.b64) {
    const clean = source.b64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) throw new RemoveBgError(400, 'failed_to_read_image', `${what}_file_b64 is not base64`);
    body = Buffer.from(clean, 'base64');
  } else if (source.url) {
    try {
      body = await fetchImage(source.url);
    } catch (err) {
      const reason = err instanceof SafeFetchError ? err.message : 'the image could not be downloaded';
      throw new RemoveBgError(400, 'invalid_image_url', `${what}_url: ${reason}`);
    }
  }
  if (!body) return null;
  if (body.length > UPLOAD_MAX_BYTES) throw new RemoveBgError(400, 'file_too_large', `the ${what} is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
  try {
    return { body, info: await inspectImage(body) };
  } catch (err) {
    throw new RemoveBgError(400, 'failed_to_read_image', `${what}: ${(err as Error).message}`);
  }
}

function rateHeaders(reply: FastifyReply, state: RateState | null): void {
  if (!state) return;
  reply
    .header('x-ratelimit-limit', String(state.limit))
    .header('x-ratelimit-remaining', String(state.remaining))
    .header('x-ratelimit-reset', String(state.reset));
}

function resultHeaders(reply: FastifyReply, result: ComposedResult, type: string, credits: number): void {
  reply
    .header('x-width', String(result.width))
    .header('x-height', String(result.height))
    .header('x-type', type)
    .header('x-credits-charged', String(credits))
    .header('x-foreground-top', String(result.foreground.top))
    .header('x-foreground-left', String(result.foreground.left))
    .header('x-foreground-width', String(result.foreground.width))
    .header('x-foreground-height', String(result.foreground.height));
}

/**
 * The remove.bg-compatible API (issue 27): `POST /v1.0/removebg`, `GET /v1.0/account`, and rembg's
 * `POST /api/remove`. Every call: the key (X-Api-Key; optional in personal mode), the per-key rate limit, the
 * fields checked against the shared schema (engine/spec/removeBgApi.ts), then the product's own cut-out
 * (CutoutRunner: the `removebg` task, charged through the credit ledger in service mode) and remove.bg's options.
 */
export function registerRemoveBgRoutes(app: FastifyInstance, deps: RemoveBgRouteDeps): void {
  const fetchImage = deps.fetchImage ?? defaultImageFetcher;

  const callerOf = async (request: FastifyRequest): Promise<Caller> => {
    const header = request.headers['x-api-key'];
    const key = typeof header === 'string' ? header.trim() : '';
    if (key) {
      const found = await deps.keys.verify(key);
      if (!found) throw new RemoveBgError(403, 'auth_failed', 'Invalid API key');
      return { accountId: found.accountId, owner: accountOwnerKey(found.accountId), payer: accountPayer(found.accountId), limitKey: `key:${found.keyId}` };
    }
    // Personal mode: accounts are optional, so is the key; the caller is its address, like the pages' visitors.
    if (!deps.billing) return { accountId: null, owner: requestOwner(request), payer: null, limitKey: `ip:${request.ip}` };
    throw new RemoveBgError(403, 'auth_failed', 'API key missing: send it in the X-Api-Key header (create one on your account page)');
  };

  /** Runs one call's cut-out and options; returns the composed result and the credits charged. */
  const cutout = async (request: FastifyRequest, caller: Caller, fields: RemoveBgFieldValues, image: { body: Buffer; info: ImageInfo }, bg: Buffer | null) => {
    const abort = new AbortController();
    request.raw.once('close', () => {
      if (!request.raw.complete || request.raw.destroyed) abort.abort();
    });
    const png = await deps.runner.run(image.body, image.info, caller.owner, caller.payer, abort.signal);
    return { result: await composeCutout(png, fields, bg), credits: deps.runner.cost() };
  };

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (error instanceof RemoveBgError) return sendError(reply, error);
      if (error instanceof ApiError) return sendError(reply, new RemoveBgError(error.httpStatus === 429 ? 429 : 400, 'invalid_parameters', error.message));
      if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE')
        return sendError(reply, new RemoveBgError(400, 'file_too_large', 'the request is too large'));
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
        return sendError(reply, new RemoveBgError(400, 'invalid_parameters', error.message));
      request.log.error(error);
      console.error(`${request.method} ${request.url} failed:`, error);
      return reply.code(500).send({ errors: [{ title: 'internal error', code: 'internal_error' }], resultCode: ResultCode.SERVER_ERROR });
    });

    /** The key and the rate limit, in that order: a bad key is 403 before it can use anyone's budget. */
    const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<Caller> => {
      const caller = await callerOf(request);
      const state = deps.limiter.take(caller.limitKey);
      rateHeaders(reply, state);
      if (state?.exceeded) {
        reply.header('retry-after', String(state.retryAfter));
        throw new RemoveBgError(429, 'rate_limit_exceeded', `Rate limit exceeded: ${state.limit} calls per window; try again in ${state.retryAfter} s`);
      }
      return caller;
    };

    scope.post('/v1.0/removebg', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const caller = await admit(request, reply);
      const { fields: raw, files } = await readInput(request);
      const parsed = RemoveBgFields.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new RemoveBgError(400, 'invalid_parameters', `${issue.path.join('.') || 'body'}: ${issue.message}`);
      }
      const fields = parsed.data;
      const sources = [files.image_file ? 1 : 0, fields.image_file_b64 ? 1 : 0, fields.image_url ? 1 : 0].reduce((a, b) => a + b, 0);
      if (sources === 0) throw new RemoveBgError(400, 'missing_source', 'No image given: send image_file, image_file_b64 or image_url');
      if (sources > 1) throw new RemoveBgError(400, 'invalid_parameters', 'Send only one of image_file, image_file_b64 and image_url');
      if (files.bg_image_file && (fields.bg_image_url || fields.bg_color))
        throw new RemoveBgError(400, 'invalid_parameters', 'Send only one of bg_color, bg_image_url and bg_image_file');
      if (fields.bg_image_url && fields.bg_color)
        throw new RemoveBgError(400, 'invalid_parameters', 'Send only one of bg_color, bg_image_url and bg_image_file');
      const image = (await imageFrom({ file: files.image_file, b64: fields.image_file_b64, url: fields.image_url }, fetchImage, 'image'))!;
      const bg = await imageFrom({ file: files.bg_image_file, url: fields.bg_image_url }, fetchImage, 'bg_image');
      const { result, credits } = await cutout(request, caller, fields, image, bg?.body ?? null);
      const type = fields.type && fields.type !== 'auto' ? fields.type : 'other';
      resultHeaders(reply, result, type, credits);
      if (/application\/json/i.test(String(request.headers.accept ?? ''))) {
        return reply.type('application/json').send({
          data: {
            result_b64: result.body.toString('base64'),
            foreground_top: result.foreground.top,
            foreground_left: result.foreground.left,
            foreground_width: result.foreground.width,
            foreground_height: result.foreground.height,
          },
        });
      }
      return reply.type(result.contentType).send(result.body);
    });

    scope.get('/v1.0/account', async (request, reply) => {
      const caller = await admit(request, reply);
      if (!deps.billing || !caller.accountId) {
        // Personal mode: nothing is charged; credits read as 0 and free calls as the rate limit's remainder.
        return {
          data: {
            attributes: {
              credits: { total: 0, subscription: 0, payg: 0, enterprise: 0 },
              api: { free_calls: Number(reply.getHeader('x-ratelimit-remaining') ?? 0), sizes: 'all' },
            },
          },
        };
      }
      const b = await deps.ledger.balance(accountPayer(caller.accountId));
      return {
        data: {
          attributes: {
            credits: { total: b.unlimited ? 999_999 : b.total, subscription: b.plan, payg: b.paid, enterprise: 0 },
            api: { free_calls: b.free, sizes: 'all' },
          },
        },
      };
    });

    // rembg's server route (`rembg s`): multipart `file`, or `url` (form, JSON or query); `om=true` answers the mask
    // only, `bgc=r,g,b,a` fills the background. Always a PNG.
    scope.post('/api/remove', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const caller = await admit(request, reply);
      const { fields, files } = await readInput(request);
      const query = request.query as Record<string, string | undefined>;
      const url = typeof fields.url === 'string' && fields.url ? fields.url : query.url;
      const om = String(fields.om ?? query.om ?? '').toLowerCase();
      const bgc = String(fields.bgc ?? query.bgc ?? '');
      if (!files.file && !url) throw new RemoveBgError(400, 'missing_source', 'send a multipart "file" or a "url"');
      if (url && !/^https?:\/\//i.test(url)) throw new RemoveBgError(400, 'invalid_image_url', 'url must be an http(s) URL');
      let bgColor: string | undefined;
      if (bgc) {
        const parts = bgc.split(',').map((v) => Number(v.trim()));
        if (parts.length !== 4 || parts.some((v) => !Number.isInteger(v) || v < 0 || v > 255))
          throw new RemoveBgError(400, 'invalid_parameters', 'bgc must be r,g,b,a (0-255 each)');
        bgColor = parts.map((v) => v.toString(16).padStart(2, '0')).join('');
      }
      const image = (await imageFrom({ file: files.file, url }, fetchImage, 'image'))!;
      const options: RemoveBgFieldValues = {
        size: 'full',
        format: 'png',
        ...(om === 'true' || om === '1' ? { channels: 'alpha' } : {}),
        ...(bgColor ? { bg_color: bgColor } : {}),
      };
      const { result, credits } = await cutout(request, caller, options, image, null);
      resultHeaders(reply, result, 'other', credits);
      return reply.type('image/png').send(result.body);
    });
  });
}
