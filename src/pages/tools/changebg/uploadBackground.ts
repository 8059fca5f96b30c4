/**
 * Uploads the user's own background picture (uploadReference: the picture review, then the single upload) and
 * returns its URL for the `bgUrl` param. Failures carry the i18n key of their toast; a picture the server cannot
 * read says so in the changer's words.
 */
import { uploadFiles } from '../../../api/apiClient';
import { reviewPictures } from '../../../contentSafety/flowServices';
import { ReferenceUploadError, uploadReference } from '../../../tools/uploadReference';

export class BackgroundUploadError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** Deps are injectable for tests. */
export async function uploadBackground(file: File, deps: { upload?: typeof uploadFiles; review?: typeof reviewPictures } = {}): Promise<string> {
  try {
    return await uploadReference(file, 'changebg', deps);
  } catch (err) {
    if (!(err instanceof ReferenceUploadError)) throw err;
    throw new BackgroundUploadError(err.key === 'errors.paramsInvalid' ? 'changebg.image.unreadable' : err.key);
  }
}
