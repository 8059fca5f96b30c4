/**
 * One error path for bad input (issue 16, finding 3): whatever a client sends, the answer is a 4xx with a
 * SPEC §8 code (-102) and a message saying what was wrong, never a 500.
 *
 * - `registerInputGuards` puts the JSON depth and NUL checks in front of Fastify's own JSON parser;
 * - `frameworkErrors` answers URLs the router cannot decode (`%ZZ`, over-long parameters) with an envelope;
 * - `badInputMessage` recognises errors that bad input causes deep inside (a malformed escape, a NUL or
 *   invalid UTF-8 reaching PostgreSQL, a path that is a directory or too long), so the error handler
 *   can answer them as -102 wherever a route forgot to check.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { fail } from '../envelope';
import { jsonBodyProblem } from './jsonBody';

/** PostgreSQL error codes caused by the values a client sent, not by the server. */
const BAD_INPUT_PG_CODES: Record<string, string> = {
  '22021': 'the request contains a NUL character or invalid UTF-8',
  '22P05': 'the request contains a NUL character or a character the database cannot store',
  '22P02': 'a value has the wrong type',
  '22003': 'a number is out of range',
  '22001': 'a value is too long',
  '54001': 'the request is nested too deeply',
};

/** File system errors that mean "the name a client gave is no file", never a server fault. */
const NOT_A_FILE_ERRNO = new Set(['EISDIR', 'ENOTDIR', 'ENAMETOOLONG', 'EINVAL']);

/** The message for an error that bad input caused, or null when the error is the server's own. */
export function badInputMessage(error: unknown): string | null {
  if (error instanceof URIError) return 'a value has a malformed %-escape';
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'the request is nested too deeply';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (BAD_INPUT_PG_CODES[code] && 'severity' in (error as object)) return BAD_INPUT_PG_CODES[code];
    if (NOT_A_FILE_ERRNO.has(code) && 'syscall' in (error as object)) return 'no such file';
  }
  return null;
}

/** Router errors (URLs it cannot decode, parameters over the length limit), answered as envelopes. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.code(tooLong ? 414 : 400).send(fail(ResultCode.PARAMS_INVALID, tooLong ? 'a part of the URL is too long' : 'the URL has a malformed %-escape'));
}

/** Replaces the JSON body parser with one that refuses deep nesting and NUL characters first. */
export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonBodyProblem(body as string);
    if (problem) {
      const error = new Error(problem) as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
