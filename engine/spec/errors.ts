/**
 * The error catalogue of SPEC §8: the numeric result codes that travel in every
 * reply envelope, and the named job errors the task flow reports.
 *
 * This file is the single source of truth for those numbers; the client, the
 * machines and the server all import it.
 */

/** Result codes of the response envelope (SPEC §3, §8). */
export const ResultCode = {
  SUCCESS: 100,
  NETWORK_ERROR: -1000,
  DOWNLOAD_FAILED: -1001,
  SERVER_ERROR: -1002,
  GPU_HANDLE_FAILED: -1003,
  PRE_PROCESS_FAILED: -1004,
  POST_PROCESS_FAILED: -1005,
  VERIFY_CODE_EXPIRED: -1017,
  VERIFY_CODE_WRONG: -1018,
  SERVICE_UNKNOWN_ERROR: -101,
  PARAMS_INVALID: -102,
  GPU_TASK_UNFINISHED: -112,
  GPU_BODY_DETECT_FAILED: -118,
  SERVICE_UNAVAILABLE: 1000003,
  ACCOUNT_AUTHORIZED_EXPIRED: 1000006,
  PROJECT_NOT_FOUND: 1010102,
  CREDITS_NOT_ENOUGH: 1010103,
  ACCOUNT_NOT_FOUND: 1010107,
  CONTENT_REVIEW_PICTURE_NON_COMPLIANCE: 1010201,
  CONTENT_REVIEW_TEXT_NON_COMPLIANCE: 1010202,
  CONTENT_TRANSLATE_FAIL: 1010203,
  CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE: 1010204,
} as const;

export type ResultCodeName = keyof typeof ResultCode;
export type ResultCodeValue = (typeof ResultCode)[ResultCodeName];

/** English meaning of each code, used as the server's `msg` when nothing more specific is known. */
export const RESULT_CODE_MESSAGES: Record<ResultCodeValue, string> = {
  [ResultCode.SUCCESS]: 'success',
  [ResultCode.NETWORK_ERROR]: 'network error',
  [ResultCode.DOWNLOAD_FAILED]: 'download failed',
  [ResultCode.SERVER_ERROR]: 'server error',
  [ResultCode.GPU_HANDLE_FAILED]: 'GPU handling failed',
  [ResultCode.PRE_PROCESS_FAILED]: 'pre-process failed',
  [ResultCode.POST_PROCESS_FAILED]: 'post-process failed',
  [ResultCode.VERIFY_CODE_EXPIRED]: 'verification code expired',
  [ResultCode.VERIFY_CODE_WRONG]: 'verification code wrong',
  [ResultCode.SERVICE_UNKNOWN_ERROR]: 'service unknown error',
  [ResultCode.PARAMS_INVALID]: 'params invalid',
  [ResultCode.GPU_TASK_UNFINISHED]: 'task unfinished',
  [ResultCode.GPU_BODY_DETECT_FAILED]: 'body detection failed',
  [ResultCode.SERVICE_UNAVAILABLE]: 'service unavailable',
  [ResultCode.ACCOUNT_AUTHORIZED_EXPIRED]: 'account authorization expired',
  [ResultCode.PROJECT_NOT_FOUND]: 'project not found',
  [ResultCode.CREDITS_NOT_ENOUGH]: 'credits not enough',
  [ResultCode.ACCOUNT_NOT_FOUND]: 'account not found',
  [ResultCode.CONTENT_REVIEW_PICTURE_NON_COMPLIANCE]: 'picture content review non-compliant',
  [ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE]: 'text content review non-compliant',
  [ResultCode.CONTENT_TRANSLATE_FAIL]: 'content translate fail',
  [ResultCode.CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE]: 'translated result non-compliant',
};

/**
 * Named job errors of SPEC §8 (the spelling PARAMS_INVAILED is the SPEC's own),
 * each with the result code it stands for.
 */
export const JobErrorCode = {
  SERVER_ERROR: ResultCode.SERVER_ERROR,
  CONTENT_REVIEW_TEXT_NON_COMPLIANCE: ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE,
  CONTENT_TRANSLATE_FAIL: ResultCode.CONTENT_TRANSLATE_FAIL,
  CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE: ResultCode.CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE,
  CONTENT_REVIEW_PICTURE_NON_COMPLIANCE: ResultCode.CONTENT_REVIEW_PICTURE_NON_COMPLIANCE,
  PARAMS_INVAILED: ResultCode.PARAMS_INVALID,
  GPU_HANDLE_FAILED: ResultCode.GPU_HANDLE_FAILED,
  DOWNLOAD_FAILED: ResultCode.DOWNLOAD_FAILED,
  NETWORK_ERROR: ResultCode.NETWORK_ERROR,
  ACCOUNT_AUTHORIZED_EXPIRED: ResultCode.ACCOUNT_AUTHORIZED_EXPIRED,
} as const;

export type JobErrorName = keyof typeof JobErrorCode;

/**
 * An error that ends a job or a task. `code` is the result code it stands for;
 * `rawCode` keeps the server's own code where the SPEC says "plus the raw code"
 * (GPU_HANDLE_FAILED) or where a failed submit passes the server's code through.
 */
export interface JobError {
  name: JobErrorName | 'SERVER_CODE';
  code: number;
  rawCode?: number;
  message?: string;
}

/** Builds a named job error with its catalogue code. */
export function jobError(name: JobErrorName, extra: { rawCode?: number; message?: string } = {}): JobError {
  return { name, code: JobErrorCode[name], ...extra };
}

/** Builds the job error for a failed submit: the job error is the server's own result code (SPEC §8). */
export function serverCodeError(code: number, message?: string): JobError {
  return { name: 'SERVER_CODE', code, rawCode: code, message };
}

/** True when `code` is the success code of the envelope. */
export const isSuccess = (code: unknown): boolean => code === ResultCode.SUCCESS;
