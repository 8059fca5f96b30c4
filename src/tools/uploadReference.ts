/**
 * Uploads a second picture a task reads from its params (a garment, a product, a reference scene): picture
 * review first (a review that cannot run fails the upload, as in the task flow), then the single upload.
 * Returns the file URL; failures carry the i18n key of their message.
 */
import { ResultCode } from '../../engine/spec/errors';
import type { TaskType } from '../../engine/spec/taskTypes';
import { uploadFiles } from '../api/apiClient';
import { reviewPictures } from '../contentSafety/flowServices';

export class ReferenceUploadError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** Deps are injectable for tests. */
export async function uploadReference(
  file: File,
  func: TaskType,
  deps: { upload?: typeof uploadFiles; review?: typeof reviewPictures; reviewEnabled?: boolean } = {},
): Promise<string> {
  if (deps.reviewEnabled !== false) {
    const review = await (deps.review ?? reviewPictures)([file]).catch(() => {
      throw new ReferenceUploadError('errors.unknown');
    });
    if (!review.compliant) throw new ReferenceUploadError('errors.pictureNonCompliant');
  }
  let envelope;
  try {
    envelope = await (deps.upload ?? uploadFiles)({ mode: 'single', files: [file], func, fileType: 'image', onProgress: () => undefined });
  } catch {
    throw new ReferenceUploadError(typeof navigator !== 'undefined' && !navigator.onLine ? 'text.loginErrorNetwork' : 'text.uploadErrorServer');
  }
  const url = envelope.data?.fileUrl ?? envelope.data?.fileUrls?.[0];
  if (envelope.resultCode !== ResultCode.SUCCESS || !url) {
    throw new ReferenceUploadError(envelope.resultCode === ResultCode.PARAMS_INVALID ? 'errors.paramsInvalid' : 'text.uploadErrorServer');
  }
  return url;
}
