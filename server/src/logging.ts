/**
 * Structured logs: one JSON object per line, on stdout, for the request log (Fastify's pino)
 * and for the server's own messages (workers, recovery, shutdown). Each request carries a
 * request id: the caller's `X-Request-Id` when it looks like one, else a fresh one, echoed
 * back in the reply's `X-Request-Id` header and written in every log line of that request.
 */
import { logLevel } from './config/logLevel';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** An id a proxy may pass in: short, no spaces or control characters (it ends up in logs). */
const REQUEST_ID_SHAPE = /^[A-Za-z0-9._:-]{1,128}$/;

type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVELS: Record<LogLevel, number> = { debug: 20, info: 30, warn: 40, error: 50 };

/** Fastify options for the request log: JSON lines at `level` (ProcessSettings.requestLogLevel; `silent` turns them off). */
export function requestLogOptions(level: string): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return {
    logger: { level, base: { pid: process.pid, service: 'lumacut' } },
    genReqId: requestId,
  };
}

/** The caller's X-Request-Id when well formed, else a new UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_SHAPE.test(given) ? given : randomUUID();
}

/** Echoes the request id in every reply, so a user's report can be matched to the log. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

function write(level: LogLevel, msg: string, fields: Record<string, unknown>): void {
  const min = LEVELS[logLevel() as LogLevel] ?? LEVELS.info;
  if (LEVELS[level] < min) return;
  const line = JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, service: 'lumacut', msg, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** The server's own log (not tied to a request): JSON lines with the same fields as the request log. */
export const log = {
  debug: (msg: string, fields: Record<string, unknown> = {}) => write('debug', msg, fields),
  info: (msg: string, fields: Record<string, unknown> = {}) => write('info', msg, fields),
  warn: (msg: string, fields: Record<string, unknown> = {}) => write('warn', msg, fields),
  error: (msg: string, fields: Record<string, unknown> = {}) => write('error', msg, fields),
};
