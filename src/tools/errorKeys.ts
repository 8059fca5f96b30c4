import { ResultCode, type JobError } from '../../engine/spec/errors';

/**
 * The i18n key of the toast for a job error. SPEC §8 names the network and upload keys;
 * the others are ours.
 */
export function errorKeyFor(error: JobError, online: boolean = typeof navigator === 'undefined' || navigator.onLine): string {
  switch (error.code) {
    case ResultCode.NETWORK_ERROR:
      if (!online) return 'text.loginErrorNetwork';
      return error.message?.includes('timed out') ? 'text.uploadErrorTimeout' : 'text.uploadErrorServer';
    case ResultCode.SERVER_ERROR:
      return 'text.uploadErrorServer';
    case ResultCode.PARAMS_INVALID:
      return 'errors.paramsInvalid';
    case ResultCode.DOWNLOAD_FAILED:
      return 'errors.downloadFailed';
    case ResultCode.SERVICE_UNAVAILABLE:
      return 'errors.serviceUnavailable';
    case ResultCode.CONTENT_REVIEW_TEXT_NON_COMPLIANCE:
      return 'errors.textNonCompliant';
    case ResultCode.CONTENT_TRANSLATE_FAIL:
      return 'errors.translateUnavailable';
    case ResultCode.CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE:
      return 'errors.translatedNonCompliant';
    case ResultCode.CONTENT_REVIEW_PICTURE_NON_COMPLIANCE:
      return 'errors.pictureNonCompliant';
    case ResultCode.CREDITS_NOT_ENOUGH:
      return 'errors.creditsNotEnough';
    case ResultCode.GPU_HANDLE_FAILED:
      // The server could not read the stored image: the file itself is the problem.
      return error.rawCode === ResultCode.PRE_PROCESS_FAILED || error.rawCode === ResultCode.PARAMS_INVALID
        ? 'errors.paramsInvalid'
        : 'errors.taskFailed';
    default:
      return 'errors.unknown';
  }
}
