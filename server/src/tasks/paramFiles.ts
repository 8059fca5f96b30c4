import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import { isPublicFileKey } from '../storage/storage';
import type { ProcessorContext } from './processor';
import { storageKeyFromUrl } from '../storage/fileUrls';

/**
 * Reads a second input file (a mask, a background) that the client uploaded with the single upload and
 * passed as a URL param, e.g. `{ maskUrl: "https://host/files/uploads/web/…/x.png" }`.
 *
 * Resolves the URL to a storage key exactly as the submit step does for `imgUrl`
 * ({@link storageKeyFromUrl}). Returns null when the param is absent (undefined, null or empty string),
 * so optional files stay optional. Throws ApiError PARAMS_INVALID when the value is not a string,
 * is not a `/files/…` URL of this server, or the file no longer exists.
 */
export async function readParamFile(ctx: ProcessorContext, name: string): Promise<Buffer | null> {
  const value = ctx.params[name];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new ApiError(ResultCode.PARAMS_INVALID, `${name} must be a file URL`);
  const key = storageKeyFromUrl(value);
  // Project files are private to their owner: a task param must not become a way to read them.
  if (!key || !isPublicFileKey(key)) {
    throw new ApiError(ResultCode.PARAMS_INVALID, `${name} must be a file uploaded to this server`);
  }
  const file = await ctx.storage.get(key);
  if (!file) throw new ApiError(ResultCode.PARAMS_INVALID, `${name} points to a file that no longer exists`);
  return file.body;
}
