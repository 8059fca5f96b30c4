/**
 * Uploads the user's own background picture with the single upload (after the picture review, like the
 * photo itself) and returns its URL for the `bgUrl` param. Failures carry the i18n key of their toast.
 */
import { ResultCode } from '../../../../engine/spec/errors';
import { uploadFiles } from '../../../api/apiClient';
import { reviewPictures } from '../../../contentSafety/flowServices';

export class BackgroundUploadError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** Deps are injectable for tests. */
export async function uploadBackground(
  file: File,
  deps: { upload?: typeof uploadFiles; review?: typeof reviewPictures } = {},
): Promise<string> {
  // A review that cannot run fails the upload (as in the task flow): never skip the check.
  const review = await (deps.review ?? reviewPictures)([file]).catch(() => {
    throw new BackgroundUploadError('errors.unknown');
  });
  if (!review.compliant) throw new BackgroundUploadError('errors.pictureNonCompliant');
  let envelope;
  try {
    envelope = await (deps.upload ?? uploadFiles)({ mode: 'single', files: [file], func: 'changebg', fileType: 'image', onProgress: () => undefined });
  } catch {
    throw new BackgroundUploadError(typeof navigator !== 'undefined' && !navigator.onLine ? 'text.loginErrorNetwork' : 'text.uploadErrorServer');
  }
  const url = envelope.data?.fileUrl ?? envelope.data?.fileUrls?.[0];
  if (envelope.resultCode !== ResultCode.SUCCESS || !url) {
    throw new BackgroundUploadError(envelope.resultCode === ResultCode.PARAMS_INVALID ? 'changebg.image.unreadable' : 'text.uploadErrorServer');
  }
  return url;
}
