/**
 * Tells a damaged picture apart from a server fault after a step failed on it (issue 16, findings 3 and 10):
 * detection routes and tasks that fail to decode what the user sent answer PARAMS_INVALID (-102) with the
 * reason, instead of a 500 or GPU_HANDLE_FAILED (-1003). The check runs only on the failure path.
 */
import { ApiError, paramsInvalid } from '../envelope';
import { inspectImage } from '../images/inspectImage';

/**
 * The error to report for `err`, raised while working on `images`: a -102 naming the first image that
 * fails the upload check, else `err` unchanged.
 */
export async function explainImageFailure(err: unknown, images: Array<{ name: string; body: Buffer | null | undefined }>): Promise<unknown> {
  if (err instanceof ApiError) return err;
  for (const image of images) {
    if (!image.body) continue;
    const problem = await inspectImage(image.body).then(
      () => null,
      (e: Error) => e,
    );
    if (problem) return paramsInvalid(`${image.name} cannot be read: ${problem.message}`);
  }
  return err;
}
