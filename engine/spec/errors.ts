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

/** What travels with one result code: the server's default `msg`, the HTTP status beside the envelope, the client's text. */
export interface ResultCodeEntry {
  /** English meaning, the server's `msg` when nothing more specific is known. */
  message: string;
  /** HTTP status of a reply carrying the code (the envelope itself is the contract; SPEC §3). */
  httpStatus: 200 | 400 | 500 | 503;
  /** i18n key of what the user reads when the code reaches a page; null for success. */
  messageKey: string | null;
}

/**
 * Everything about each result code, in one table the compiler checks whole: a code added to
 * {@link ResultCode} does not compile until it has its message, its HTTP status and its client text
 * (locales.test.ts checks that every key exists in all 14 languages).
 */
export const RESULT_CODE_TABLE: { readonly [C in ResultCodeValue]: ResultCodeEntry } = {
  [ResultCode.SUCCESS]: { message: 'success', httpStatus: 200, messageKey: null },
  [ResultCode.NETWORK_ERROR]: { message: 'network error', httpStatus: 200, messageKey: 'text.uploadErrorServer' },
  [ResultCode.DOWNLOAD_FAILED]: { message: 'download failed', httpStatus: 200, messageKey: 'errors.downloadFailed' },
  [ResultCode.SERVER_ERROR]: { message: 'server error', httpStatus: 500, messageKey: 'text.uploadErrorServer' },
  [ResultCode.GPU_HANDLE_FAILED]: { message: 'GPU handling failed', httpStatus: 200, messageKey: 'errors.taskFailed' },
  [ResultCode.PRE_PROCESS_FAILED]: { message: 'pre-process failed', httpStatus: 200, messageKey: 'errors.paramsInvalid' },
  [ResultCode.POST_PROCESS_FAILED]: { message: 'post-process failed', httpStatus: 200, messageKey: 'errors.taskFailed' },
  [ResultCode.VERIFY_CODE_EXPIRED]: { message: 'verification code expired', httpStatus: 200, messageKey: 'account.errors.codeExpired' },
  [ResultCode.VERIFY_CODE_WRONG]: { message: 'verification code wrong', httpStatus: 200, messageKey: 'account.errors.codeWrong' },
  [ResultCode.SERVICE_UNKNOWN_ERROR]: { message: 'service unknown error', httpStatus: 200, messageKey: 'errors.unknown' },
  [ResultCode.PARAMS_INVALID]: { message: 'params invalid', httpStatus: 400, messageKey: 'errors.paramsInvalid' },
  [ResultCode.GPU_TASK_UNFINISHED]: { message: 'task unfinished', httpStatus: 200, messageKey: 'errors.taskFailed' },
  [ResultCode.GPU_BODY_DETECT_FAILED]: { message: 'body detection failed', httpStatus: 200, messageKey: 'errors.taskFailed' },
  [ResultCode.SERVICE_UNAVAILABLE]: { message: 'service unavailable', httpStatus: 503, messageKey: 'errors.serviceUnavailable' },
  [ResultCode.ACCOUNT_AUTHORIZED_EXPIRED]: { message: 'account authorization expired', httpStatus: 200, messageKey: 'account.expiredBody' },
  [ResultCode.PROJECT_NOT_FOUND]: { message: 'project not found', httpStatus: 200, messageKey: 'editor.load.errors.notFound.body' },
  [ResultCode.CREDITS_NOT_ENOUGH]: { message: 'credits not enough', httpStatus: 200, messageKey: 'errors.creditsNotEnough' },
  [ResultCode.ACCOUNT_NOT_FOUND]: { message: 'account not found', httpStatus: 200, messageKey: 'account.expiredBody' },
  [ResultCode.CONTENT_REVIEW_PICTURE_NON_COMPLIANCE]: {
    message: 'picture content review non-compliant',
    httpStatus: 200,
    messageKey: 'errors.pictureNonCompliant',
  },
  [ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE]: { message: 'text content review non-compliant', httpStatus: 200, messageKey: 'errors.textNonCompliant' },
  [ResultCode.CONTENT_TRANSLATE_FAIL]: { message: 'content translate fail', httpStatus: 200, messageKey: 'errors.translateUnavailable' },
  [ResultCode.CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE]: {
    message: 'translated result non-compliant',
    httpStatus: 200,
    messageKey: 'errors.translatedNonCompliant',
  },
};

/** The table's entry for any number: null when it is no result code of ours. */
export function resultCodeEntry(code: number): ResultCodeEntry | null {
  return Object.hasOwn(RESULT_CODE_TABLE, code) ? RESULT_CODE_TABLE[code as ResultCodeValue] : null;
}

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
