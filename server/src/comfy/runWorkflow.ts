import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type WebSocket from 'ws';
import { ResultCode } from '../../../engine/spec/errors';
import { NO_COMFY_MESSAGE } from '../../../engine/spec/generation';
import { ApiError } from '../envelope';
import type { ProcessorContext } from '../tasks/processor';
import { ComfyClient, ComfyRejectedError, ComfyUnreachableError, type ComfyFileRef, type ComfyMessage } from './comfyClient';
import type { GenerationRuntime } from './runtime';
import { checkWorkflow } from './workflowCheck';
import { fillWorkflow, type InputValues, type WorkflowFile } from './workflows';

/** An input picture of a job: uploaded, and its server-side name put into the named input. */
export interface JobImage {
  /** The named input (e.g. `image`, `reference`). */
  input: string;
  /** PNG or JPEG bytes. */
  body: Buffer;
  /** Optional mask as PNG alpha, uploaded with /upload/mask onto the picture (alpha 0 = repaint). */
  maskAlpha?: Buffer;
}

const POLL_MS = 1_000;
/** History is read this often even while the WebSocket is quiet, in case a message was lost. */
const HISTORY_POLL_MS = 3_000;

const gpuFailed = (msg: string) => new ApiError(ResultCode.GPU_HANDLE_FAILED, msg.slice(0, 480));

/**
 * Runs one workflow on a ComfyUI server and returns the first output picture (PNG bytes):
 * picks a server by weight, opens /ws for progress, uploads the pictures, fills and checks the
 * workflow, POST /prompt, then waits for the outcome (WebSocket, with /history as a fallback),
 * checking for cancellation every second (POST /interrupt and queue delete when the user
 * cancelled) and stopping at the per-job timeout. The result passes the picture review when it
 * is on (ENABLE_PIC_REVIEW). Servers that cannot be reached before the prompt is queued are
 * marked down and the next one by weight is tried.
 */
export async function runComfyJob(ctx: ProcessorContext, file: WorkflowFile, values: InputValues, images: JobImage[], rt: GenerationRuntime): Promise<Buffer> {
  const tried = new Set<string>();
  for (;;) {
    const host = rt.comfyPool.pick(tried);
    if (!host) {
      if (tried.size === 0) throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, NO_COMFY_MESSAGE);
      throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, `no ComfyUI server answered (${[...tried].join(', ')}); try again later`);
    }
    tried.add(host.url);
    const client = new ComfyClient(host.url, rt.config.comfyHeaders);
    try {
      const result = await runOn(client, ctx, file, values, images, rt);
      rt.comfyPool.markUp(host.url);
      return await review(result, rt);
    } catch (err) {
      if (err instanceof NotQueuedError) {
        rt.comfyPool.markDown(host.url);
        rt.log(`ComfyUI ${host.url} unreachable before queueing: ${err.message}`);
        continue;
      }
      throw err;
    }
  }
}

/** The server failed before our prompt was queued: safe to try another. */
class NotQueuedError extends Error {}

async function runOn(
  client: ComfyClient,
  ctx: ProcessorContext,
  file: WorkflowFile,
  values: InputValues,
  images: JobImage[],
  rt: GenerationRuntime,
): Promise<Buffer> {
  const clientId = randomUUID().replace(/-/g, '');
  const events: ComfyMessage[] = [];
  let wake: (() => void) | null = null;
  let socketClosed = false;
  let ws: WebSocket | null = null;
  const deadline = Date.now() + rt.config.timeoutMs;
  try {
    ws = await client.connect(
      clientId,
      (m) => {
        events.push(m);
        wake?.();
      },
      () => {
        socketClosed = true;
        wake?.();
      },
    );
  } catch (err) {
    throw new NotQueuedError(err instanceof Error ? err.message : String(err));
  }
  try {
    const filled: InputValues = { ...values };
    try {
      for (const [i, img] of images.entries()) {
        let ref: ComfyFileRef = await client.uploadImage(img.body, `lumacut_${ctx.taskId}_${i}.png`);
        if (img.maskAlpha) ref = await client.uploadMask(img.maskAlpha, ref);
        filled[img.input] = ref.subfolder ? `${ref.subfolder}/${ref.filename}` : ref.filename;
      }
    } catch (err) {
      if (err instanceof ComfyUnreachableError) throw new NotQueuedError(err.message);
      throw gpuFailed(`upload to the generation server failed: ${(err as Error).message}`);
    }
    const workflow = fillWorkflow(file, filled);
    const problems = checkWorkflow(workflow, undefined, { filled: true });
    if (problems.length > 0) throw new ApiError(ResultCode.SERVER_ERROR, `workflow ${file.taskType} is malformed: ${problems[0].message}`);
    await ctx.checkCancelled();
    let promptId: string;
    try {
      promptId = await client.submit(workflow, clientId);
    } catch (err) {
      if (err instanceof ComfyUnreachableError) throw new NotQueuedError(err.message);
      if (err instanceof ComfyRejectedError)
        throw gpuFailed(`the generation server refused the ${file.taskType} workflow (missing node pack or model file?): ${err.message}`);
      throw err;
    }
    ctx.onProgress(0.05);
    let lastHistory = 0;
    for (;;) {
      // Outcome from the WebSocket.
      for (const m of events.splice(0)) {
        if (m.data.prompt_id !== undefined && m.data.prompt_id !== promptId) continue;
        if (m.type === 'progress') {
          const value = Number(m.data.value);
          const max = Number(m.data.max);
          if (max > 0 && Number.isFinite(value)) ctx.onProgress(0.05 + 0.85 * Math.min(1, value / max));
        } else if (m.type === 'execution_error') {
          throw gpuFailed(`the generation server failed in ${String(m.data.node_type ?? 'a node')}: ${String(m.data.exception_message ?? 'no message')}`);
        } else if (m.type === 'execution_interrupted') {
          throw gpuFailed('the generation was interrupted on the server');
        } else if (m.type === 'execution_success' || (m.type === 'executing' && m.data.node === null)) {
          lastHistory = 0; // read the history now
        }
      }
      // Cancellation: stop the server's work, then let runTask record the cancel.
      try {
        await ctx.checkCancelled();
      } catch (err) {
        await client.interrupt(promptId);
        throw err;
      }
      if (Date.now() > deadline) {
        await client.interrupt(promptId);
        throw gpuFailed(`the generation server did not finish within ${Math.round(rt.config.timeoutMs / 1000)} s`);
      }
      if (Date.now() - lastHistory >= (socketClosed ? POLL_MS : HISTORY_POLL_MS)) {
        lastHistory = Date.now();
        const entry = await client.history(promptId).catch((err: unknown) => {
          if (err instanceof ComfyUnreachableError) return null; // transient; the deadline bounds it
          throw err;
        });
        if (entry) {
          const ref = outputOf(entry);
          ctx.onProgress(0.92);
          return await fetchPicture(client, ref);
        }
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, POLL_MS);
      });
      wake = null;
    }
  } finally {
    ws?.terminate();
  }
}

/** The first output picture of a history entry; a failed run or a malformed entry is GPU_HANDLE_FAILED. */
export function outputOf(entry: unknown): ComfyFileRef {
  const e = entry as { status?: { status_str?: unknown; messages?: unknown }; outputs?: unknown };
  if (!e || typeof e !== 'object' || !e.outputs || typeof e.outputs !== 'object' || Array.isArray(e.outputs)) {
    throw gpuFailed('the generation server answered a malformed history (no outputs object)');
  }
  if (e.status && e.status.status_str === 'error') {
    const messages = Array.isArray(e.status.messages) ? (e.status.messages as unknown[]) : [];
    const error = messages.find((m) => Array.isArray(m) && m[0] === 'execution_error') as [string, { exception_message?: string }] | undefined;
    throw gpuFailed(`the generation failed on the server: ${error?.[1]?.exception_message ?? 'no message'}`);
  }
  for (const out of Object.values(e.outputs as Record<string, unknown>)) {
    const imgs = (out as { images?: unknown })?.images;
    if (!Array.isArray(imgs)) continue;
    for (const img of imgs as { filename?: unknown; subfolder?: unknown; type?: unknown }[]) {
      if (img && typeof img.filename === 'string' && img.type === 'output') {
        return { filename: img.filename, subfolder: typeof img.subfolder === 'string' ? img.subfolder : '', type: 'output' };
      }
    }
  }
  throw gpuFailed('the generation server finished without an output picture');
}

async function fetchPicture(client: ComfyClient, ref: ComfyFileRef): Promise<Buffer> {
  let body: Buffer;
  try {
    body = await client.view(ref);
  } catch (err) {
    throw new ApiError(ResultCode.DOWNLOAD_FAILED, `the result could not be fetched from the generation server: ${(err as Error).message}`);
  }
  return toPng(body);
}

/** Re-encodes a result as PNG, proving it is a picture (anything else is POST_PROCESS_FAILED). */
export async function toPng(body: Buffer): Promise<Buffer> {
  try {
    return await sharp(body, { failOn: 'error' }).png().toBuffer();
  } catch {
    throw new ApiError(ResultCode.POST_PROCESS_FAILED, 'the generation server returned something that is not a picture');
  }
}

/** Result picture review (flow step 7): a rejected picture is never stored. */
export async function review(picture: Buffer, rt: GenerationRuntime): Promise<Buffer> {
  const reviewer = rt.pictureReviewer();
  if (!reviewer) return picture;
  const verdict = await reviewer.review(picture);
  if (verdict.status === 2) {
    throw new ApiError(ResultCode.CONTENT_REVIEW_PICTURE_NON_COMPLIANCE, 'the generated picture did not pass the picture review');
  }
  return picture;
}
