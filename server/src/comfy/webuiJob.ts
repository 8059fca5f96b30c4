import { randomUUID } from 'node:crypto';
import { ResultCode } from '../../../engine/spec/errors';
import { NO_WEBUI_MESSAGE } from '../../../engine/spec/generation';
import { ApiError } from '../envelope';
import type { ProcessorContext } from '../tasks/processor';
import { ComfyUnreachableError } from './comfyClient';
import { review, toPng } from './runWorkflow';
import type { GenerationRuntime } from './runtime';
import { WebUiClient } from './webuiClient';
import { WebUiWatch } from './webuiWatch';
import { fillWorkflow, type InputValues, type WorkflowFile } from './workflows';

/**
 * A job on AUTOMATIC1111 with the same contract as runComfyJob: progress, cancellation, timeout, review.
 *
 * The server runs one job at a time and its interrupt stops whichever job is running, so each job carries
 * its own task id (`force_task_id`) and is only ever interrupted while the server reports that id active
 * (webuiWatch.ts). A job still queued when it is cancelled or times out is interrupted once it starts.
 * A result the server cut short (an interrupt from anywhere) is dropped, never stored as a success.
 */

const POLL_MS = 500;

const gpuFailed = (msg: string) => new ApiError(ResultCode.GPU_HANDLE_FAILED, msg.slice(0, 480));

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** Resolves with the answer if it comes within `ms`, else with null; leaves no timer behind. */
async function within<T>(answer: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, ms));
  });
  try {
    return await Promise.race([answer, wait]);
  } finally {
    clearTimeout(timer);
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Runs `file`'s webui payload on a server of the pool and returns the picture (PNG, reviewed). */
export async function runWebUiJob(ctx: ProcessorContext, file: WorkflowFile, values: InputValues, rt: GenerationRuntime): Promise<Buffer> {
  if (!file.webui) throw new ApiError(ResultCode.SERVER_ERROR, `workflow ${file.taskType} has no webui payload`);
  const tried = new Set<string>();
  for (;;) {
    const host = rt.webuiPool.pick(tried);
    if (!host) throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, tried.size === 0 ? NO_WEBUI_MESSAGE : 'no AUTOMATIC1111 server answered; try again later');
    tried.add(host.url);
    const client = new WebUiClient(host.url, rt.config.webuiHeaders);
    let picture: Buffer;
    try {
      picture = await runOn(client, ctx, file.webui, fillWorkflow(file, values, file.webui.payload), rt);
    } catch (err) {
      // Only a connection that failed means the server is down; a slow job is a timeout (-1003), not a reason to resend it.
      if (!(err instanceof ComfyUnreachableError)) throw err;
      rt.webuiPool.markDown(host.url);
      rt.log(`AUTOMATIC1111 ${host.url} unreachable: ${err.message}`);
      continue;
    }
    rt.webuiPool.markUp(host.url);
    ctx.onProgress(0.95);
    return review(picture, rt);
  }
}

async function runOn(
  client: WebUiClient,
  ctx: ProcessorContext,
  webui: NonNullable<WorkflowFile['webui']>,
  filled: Record<string, unknown>,
  rt: GenerationRuntime,
): Promise<Buffer> {
  const taskId = `lumacut-${ctx.taskId}-${randomUUID().slice(0, 8)}`;
  const abort = new AbortController();
  const answer = settle(client.generate(webui.endpoint, { ...filled, force_task_id: taskId }, abort.signal));
  const watch = new WebUiWatch(client, taskId, rt.log);
  const deadline = Date.now() + rt.config.timeoutMs;
  let done: Settled<{ status: number; text: string }> | null = null;
  while (!(done = await within(answer, Math.min(POLL_MS, deadline - Date.now())))) {
    try {
      await ctx.checkCancelled();
    } catch (err) {
      await watch.stop(answer, abort, deadline + rt.config.timeoutMs);
      throw err;
    }
    if (Date.now() >= deadline) {
      await watch.stop(answer, abort, Date.now() + rt.config.timeoutMs);
      throw gpuFailed(`timed out: the generation server did not finish within ${seconds(rt.config.timeoutMs)} (GENERATION_TIMEOUT_S)`);
    }
    await watch.poll((f) => ctx.onProgress(0.05 + 0.85 * Math.min(1, f)));
  }
  if (!done.ok) {
    if (done.error instanceof ComfyUnreachableError) throw done.error;
    throw gpuFailed(`the generation server failed: ${done.error instanceof Error ? done.error.message : String(done.error)}`);
  }
  const { status, text } = done.value;
  if (status < 200 || status >= 300) throw gpuFailed(`the generation server refused the request (HTTP ${status}): ${text.slice(0, 300)}`);
  let body: { images?: unknown; info?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = {};
  }
  const images = body.images;
  if (!Array.isArray(images) || typeof images[0] !== 'string') throw gpuFailed('the generation server answered without an image');
  if (await watch.wasInterrupted(jobTimestampOf(body.info))) {
    throw gpuFailed('the generation was interrupted on the server; its half-finished picture was dropped');
  }
  await ctx.checkCancelled(); // cancelled while the answer arrived: its picture is not the user's any more
  return toPng(Buffer.from(images[0].replace(/^data:[^,]*,/, ''), 'base64'));
}

/** `job_timestamp` from a result's `info` (a JSON string), or undefined. */
function jobTimestampOf(info: unknown): string | undefined {
  if (typeof info !== 'string') return undefined;
  try {
    const t = (JSON.parse(info) as { job_timestamp?: unknown }).job_timestamp;
    return t === undefined || t === null ? undefined : String(t);
  } catch {
    return undefined;
  }
}
