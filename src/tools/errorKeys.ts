import { ResultCode, resultCodeEntry, type JobError } from '../../engine/spec/errors';

/**
 * The i18n key of the toast for a job error: the code's messageKey in engine/spec/errors.ts
 * RESULT_CODE_TABLE, except where the same code means different things (SPEC §8 names the network
 * and upload keys; the others are ours).
 */
export function errorKeyFor(error: JobError, online: boolean = typeof navigator === 'undefined' || navigator.onLine): string {
  switch (error.code) {
    case ResultCode.NETWORK_ERROR:
      if (!online) return 'text.loginErrorNetwork';
      return error.message?.includes('timed out') ? 'text.uploadErrorTimeout' : 'text.uploadErrorServer';
    case ResultCode.GPU_HANDLE_FAILED:
      // The server could not read the stored image: the file itself is the problem.
      return error.rawCode === ResultCode.PRE_PROCESS_FAILED || error.rawCode === ResultCode.PARAMS_INVALID ? 'errors.paramsInvalid' : 'errors.taskFailed';
    default:
      return resultCodeEntry(error.code)?.messageKey ?? 'errors.unknown';
  }
}
