import type { Envelope as SharedEnvelope } from '../../engine/spec/api';
import { ResultCode, resultCodeEntry } from '../../engine/spec/errors';

/** The reply envelope of every API call (SPEC §3, engine/spec/api.ts); the server always sets `msg`. */
export type Envelope<T = unknown> = SharedEnvelope<T> & { msg: string };

export function ok<T>(data: T): Envelope<T> {
  return { resultCode: ResultCode.SUCCESS, msg: 'success', data };
}

export function fail(code: number, msg?: string, data: unknown = null): Envelope {
  return { resultCode: code, msg: msg ?? resultCodeEntry(code)?.message ?? 'error', data };
}

/** Thrown by route and service code; the error handler turns it into an envelope with this code. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message?: string,
    readonly httpStatus = 200,
    /** Sent as the envelope's `data`, for a client that needs more than the code (which PRO options, say). */
    readonly data: unknown = null,
  ) {
    super(message ?? resultCodeEntry(code)?.message ?? 'error');
  }
}

/** Shorthand for the most common failure: params invalid (-102). */
export const paramsInvalid = (message: string): ApiError => new ApiError(ResultCode.PARAMS_INVALID, message);
