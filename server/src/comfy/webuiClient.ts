import { ResultCode } from '../../../engine/spec/errors';
import { NO_WEBUI_MESSAGE } from '../../../engine/spec/generation';
import { ApiError } from '../envelope';
import type { ProcessorContext } from '../tasks/processor';
import { ComfyUnreachableError } from './comfyClient';
import { review, toPng } from './runWorkflow';
import type { GenerationRuntime } from './runtime';
import { fillWorkflow, type InputValues, type WorkflowFile } from './workflows';

/**
 * AUTOMATIC1111 (stable-diffusion-webui started with `--api`): POST /sdapi/v1/txt2img or
 * /img2img answers when the picture is done, with base64 images; GET /sdapi/v1/progress is
 * polled meanwhile for progress; POST /sdapi/v1/interrupt stops it. The job contract is the
 * same as runComfyJob's: progress, cancellation, timeout, result review.
 */
export class WebUiClient {
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async call(path: string, init: RequestInit = {}, timeoutMs = 10_000, signal?: AbortSignal): Promise<Response> {
    try {
      const timeout = AbortSignal.timeout(timeoutMs);
      return await fetch(this.baseUrl + path, {
        ...init,
        headers: { ...this.headers, 'content-type': 'application/json' },
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ComfyUnreachableError(`${this.baseUrl} did not answer ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async healthy(): Promise<boolean> {
    try {
      return (await this.call('/sdapi/v1/options', {}, 5_000)).ok;
    } catch {
      return false;
    }
  }
}

const gpuFailed = (msg: string) => new ApiError(ResultCode.GPU_HANDLE_FAILED, msg.slice(0, 480));

export async function runWebUiJob(ctx: ProcessorContext, file: WorkflowFile, values: InputValues, rt: GenerationRuntime): Promise<Buffer> {
  if (!file.webui) throw new ApiError(ResultCode.SERVER_ERROR, `workflow ${file.taskType} has no webui payload`);
  const tried = new Set<string>();
  for (;;) {
    const host = rt.webuiPool.pick(tried);
    if (!host) throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, tried.size === 0 ? NO_WEBUI_MESSAGE : 'no AUTOMATIC1111 server answered; try again later');
    tried.add(host.url);
    const client = new WebUiClient(host.url, rt.config.webuiHeaders);
    const payload = fillWorkflow(file, values, file.webui.payload);
    const abort = new AbortController();
    const started = client.call(file.webui.endpoint, { method: 'POST', body: JSON.stringify(payload) }, rt.config.timeoutMs, abort.signal);
    started.catch(() => undefined);
    let outcome: { res?: Response; err?: unknown } | null = null;
    void started.then((res) => { outcome = { res }; }, (err: unknown) => { outcome = { err }; });
    const deadline = Date.now() + rt.config.timeoutMs;
    while (!outcome) {
      await new Promise((r) => setTimeout(r, 500));
      if (outcome) break;
      try {
        await ctx.checkCancelled();
      } catch (err) {
        await client.call('/sdapi/v1/interrupt', { method: 'POST' }).catch(() => undefined);
        abort.abort();
        throw err;
      }
      if (Date.now() > deadline) {
        await client.call('/sdapi/v1/interrupt', { method: 'POST' }).catch(() => undefined);
        abort.abort();
        throw gpuFailed(`the generation server did not finish within ${Math.round(rt.config.timeoutMs / 1000)} s`);
      }
      const p = await client.call('/sdapi/v1/progress?skip_current_image=true').then((r) => r.json() as Promise<{ progress?: number }>).catch(() => null);
      if (p && typeof p.progress === 'number') ctx.onProgress(0.05 + 0.85 * Math.min(1, p.progress));
    }
    const done = outcome as { res?: Response; err?: unknown };
    if (done.err) {
      if (done.err instanceof ComfyUnreachableError) {
        rt.webuiPool.markDown(host.url);
        continue;
      }
      if (Date.now() > deadline) throw gpuFailed(`the generation server did not finish within ${Math.round(rt.config.timeoutMs / 1000)} s`);
      throw gpuFailed(`the generation server failed: ${String((done.err as Error).message ?? done.err)}`);
    }
    const res = done.res!;
    const text = await res.text();
    if (!res.ok) throw gpuFailed(`the generation server refused the ${file.taskType} request (HTTP ${res.status}): ${text.slice(0, 300)}`);
    let images: unknown;
    try { images = (JSON.parse(text) as { images?: unknown }).images; } catch { images = null; }
    if (!Array.isArray(images) || typeof images[0] !== 'string') throw gpuFailed('the generation server answered without an image');
    rt.webuiPool.markUp(host.url);
    ctx.onProgress(0.95);
    return review(await toPng(Buffer.from(images[0].replace(/^data:[^,]*,/, ''), 'base64')), rt);
  }
}
