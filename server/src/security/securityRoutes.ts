import type { FastifyInstance, FastifyReply } from 'fastify';
import { SCRAMBLED_SIGNED_CALLS } from '../../../engine/crypto/appSecrets';
import { encryptText } from '../../../engine/crypto/requestCrypto';
import { scrambleReply } from '../../../engine/crypto/shuffleDecode';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, fail, ok } from '../envelope';
import type { SecurityConfig } from '../config/securityConfig';
import { forwardSubmit, verifySignedCall, type SignedRequest } from './signedCalls';

export interface SecurityRouteOptions {
  security: SecurityConfig;
  /** Clock of the `time` call (tests). */
  now?: () => number;
}

/** The form body of signed calls; small, they carry a few encrypted fields. */
const FORM_BODY_LIMIT = 256 * 1024;

/** HTTP status beside an envelope code, as in app.ts; the envelope itself is the contract. */
function statusFor(code: number): number {
  if (code === ResultCode.PARAMS_INVALID) return 400;
  if (code === ResultCode.SERVICE_UNAVAILABLE) return 503;
  if (code === ResultCode.SERVER_ERROR) return 500;
  return 200;
}

/** Runs `make` once and keeps its promise; a failure is forgotten so the next call tries again. */
function memo(make: () => Promise<string>): () => Promise<string> {
  let pending: Promise<string> | undefined;
  return () => {
    if (!pending) {
      pending = make();
      pending.catch(() => (pending = undefined));
    }
    return pending;
  };
}

/** Encrypts with a secret that exists by construction; an empty result is a server fault, not a client one. */
async function sealed(plain: string, secret: string): Promise<string> {
  const cipher = await encryptText(plain, secret);
  if (!cipher) throw new ApiError(ResultCode.SERVER_ERROR, 'encryption failed');
  return cipher;
}

/**
 * Security routes (SPEC §7; the scheme and its limits: engine/crypto/README.md). All answer the envelope
 * `{resultCode, msg, data}` with `cache-control: no-store`.
 *
 * - `GET /api/sa/kesab` → data: the base key encrypted with the app passphrase (engine/crypto/requestCrypto).
 * - `GET /api/sa/af` → data: JSON AppConfig encrypted with the base key.
 * - `POST /api/dist/<hosts|config|time|submit>`: a signed call, an `application/x-www-form-urlencoded` form with
 *   field `data` (JSON object encrypted with AppConfig.AS) and the headers checked by verifySignedCall. Success
 *   data is the JSON reply encrypted with AppConfig.AS, except `hosts`, whose data is the seed-42 scrambled text
 *   (engine/crypto/shuffleDecode). Replies: `hosts` → `{hosts: {host: weight}}`; `config` → the AppConfig;
 *   `time` → `{timestamp: ms, iso}`; `submit` → the data of the task route named by payload.apiUri (forwarded
 *   inside the app; its failure codes pass through unencrypted, no task route → SERVICE_UNAVAILABLE).
 *   Bad headers or data → PARAMS_INVALID (-102), HTTP 400.
 *
 * Registered as an encapsulated plugin: the form parser and error handler stay inside these routes.
 */
export function registerSecurityRoutes(app: FastifyInstance, options: SecurityRouteOptions): void {
  const { security } = options;
  const now = options.now ?? Date.now;
  // Cipher texts made once per process: these two endpoints are public, so each request must stay cheap.
  const baseKeyCipher = memo(() => sealed(security.baseKey, security.appPassphrase));
  const configCipher = memo(() => sealed(JSON.stringify(security.appConfig), security.baseKey));

  app.register(async (scope) => {
    // The app may one day register a form parser for everything (@fastify/formbody); adding a second one here
    // would throw, and that one also yields a plain object of fields.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
    }
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply: FastifyReply) => {
      if (error instanceof ApiError)
        return reply.code(error.httpStatus !== 200 ? error.httpStatus : statusFor(error.code)).send(fail(error.code, error.message));
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.code(400).send(fail(ResultCode.PARAMS_INVALID, error.message));
      }
      console.error(`${request.method} ${request.url} failed:`, error);
      return reply.code(500).send(fail(ResultCode.SERVER_ERROR));
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    scope.get('/api/sa/kesab', async () => ok(await baseKeyCipher()));
    scope.get('/api/sa/af', async () => ok(await configCipher()));

    scope.post<{ Params: { name: string } }>('/api/dist/:name', async (request, reply) => {
      const call = await verifySignedCall(request, request.params.name, security);
      const answer = await answerOf(call);
      if ('failure' in answer)
        return reply.code(statusFor(answer.failure.resultCode)).send(fail(answer.failure.resultCode, answer.failure.msg, answer.failure.data));
      const json = JSON.stringify(answer.value ?? null);
      return ok(SCRAMBLED_SIGNED_CALLS.has(call.name) ? scrambleReply(answer.value ?? null) : await sealed(json, security.appConfig.AS));

      async function answerOf(c: SignedRequest): Promise<{ value: unknown } | { failure: { resultCode: number; msg: string; data: unknown } }> {
        switch (c.name) {
          case 'hosts':
            return { value: { hosts: security.hosts } };
          case 'config':
            return { value: security.appConfig };
          case 'time': {
            const timestamp = now();
            return { value: { timestamp, iso: new Date(timestamp).toISOString() } };
          }
          case 'submit': {
            const inner = await forwardSubmit(app, request, c);
            if (inner.resultCode !== ResultCode.SUCCESS) return { failure: inner };
            return { value: inner.data };
          }
        }
      }
    });
  });
}
