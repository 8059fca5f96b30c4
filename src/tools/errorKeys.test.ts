import { describe, expect, it } from 'vitest';
import { ResultCode, jobError, serverCodeError } from '../../engine/spec/errors';
import { errorKeyFor } from './errorKeys';

describe('errorKeyFor', () => {
  it('uses the SPEC toast keys for network trouble', () => {
    expect(errorKeyFor(jobError('NETWORK_ERROR'), false)).toBe('text.loginErrorNetwork');
    expect(errorKeyFor(jobError('NETWORK_ERROR', { message: 'upload timed out' }), true)).toBe('text.uploadErrorTimeout');
    expect(errorKeyFor(jobError('NETWORK_ERROR'), true)).toBe('text.uploadErrorServer');
    expect(errorKeyFor(jobError('SERVER_ERROR'), true)).toBe('text.uploadErrorServer');
  });
  it('tells the user when the file itself is the problem', () => {
    expect(errorKeyFor(serverCodeError(ResultCode.PARAMS_INVALID))).toBe('errors.paramsInvalid');
    expect(errorKeyFor(jobError('GPU_HANDLE_FAILED', { rawCode: ResultCode.PRE_PROCESS_FAILED }))).toBe('errors.paramsInvalid');
    expect(errorKeyFor(jobError('GPU_HANDLE_FAILED', { rawCode: ResultCode.GPU_HANDLE_FAILED }))).toBe('errors.taskFailed');
    expect(errorKeyFor(jobError('DOWNLOAD_FAILED'))).toBe('errors.downloadFailed');
    expect(errorKeyFor(serverCodeError(ResultCode.SERVICE_UNAVAILABLE))).toBe('errors.serviceUnavailable');
  });
  it('says "not enough credits" for 1010103, not "something went wrong" (issue 29)', () => {
    expect(errorKeyFor(serverCodeError(ResultCode.CREDITS_NOT_ENOUGH))).toBe('errors.creditsNotEnough');
  });
  it('names each content-safety refusal', () => {
    expect(errorKeyFor(jobError('CONTENT_REVIEW_TEXT_NON_COMPLIANCE'))).toBe('errors.textNonCompliant');
    expect(errorKeyFor(jobError('CONTENT_TRANSLATE_FAIL'))).toBe('errors.translateUnavailable');
    expect(errorKeyFor(jobError('CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE'))).toBe('errors.translatedNonCompliant');
    expect(errorKeyFor(jobError('CONTENT_REVIEW_PICTURE_NON_COMPLIANCE'))).toBe('errors.pictureNonCompliant');
  });
});

describe('errorKeyFor and the result code table', () => {
  it('gives every other code the text its table entry names, never "unknown" for a code the table knows', () => {
    expect(errorKeyFor(serverCodeError(ResultCode.VERIFY_CODE_EXPIRED))).toBe('account.errors.codeExpired');
    expect(errorKeyFor(serverCodeError(ResultCode.PROJECT_NOT_FOUND))).toBe('editor.load.errors.notFound.body');
    expect(errorKeyFor(serverCodeError(ResultCode.POST_PROCESS_FAILED))).toBe('errors.taskFailed');
    expect(errorKeyFor(serverCodeError(123456))).toBe('errors.unknown');
  });
});
