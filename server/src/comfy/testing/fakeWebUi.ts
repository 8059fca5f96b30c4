import type http from 'node:http';
import type { FakeBehaviour } from './fakeComfyServer';
import { fakePicture } from './fakePicture';

/**
 * The AUTOMATIC1111 `--api` routes of the protocol test server: POST /sdapi/v1/txt2img and
 * /img2img (synchronous, images as base64), GET /sdapi/v1/progress (polled), POST
 * /sdapi/v1/interrupt, GET /sdapi/v1/options (what a health check reads). Payloads are checked
 * the way the real API's pydantic models would refuse them, plus no unfilled `{{name}}`.
 */

let job: { progress: number; interrupted: boolean } | null = null;

const json = (res: http.ServerResponse, code: number, body: unknown) => {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function problems(body: Record<string, unknown>, img2img: boolean): string[] {
  const out: string[] = [];
  if (typeof body.prompt !== 'string' || body.prompt.trim() === '') out.push('prompt must be a non-empty string');
  for (const k of ['width', 'height', 'steps', 'seed']) if (body[k] !== undefined && !Number.isInteger(body[k])) out.push(`${k} must be an integer`);
  if (JSON.stringify(body).includes('{{')) out.push('a named input was not filled in');
  if (img2img && (!Array.isArray(body.init_images) || body.init_images.length === 0 || typeof body.init_images[0] !== 'string')) out.push('init_images must hold one base64 image');
  return out;
}

export async function handleWebUi(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  readBody: (req: http.IncomingMessage) => Promise<Buffer>,
  behaviour: FakeBehaviour,
  onInterrupt: () => void = () => undefined,
): Promise<void> {
  if (path === '/sdapi/v1/options' && req.method === 'GET') return json(res, 200, { sd_model_checkpoint: 'protocol-test-server' });
  if (path === '/sdapi/v1/progress' && req.method === 'GET') {
    return json(res, 200, { progress: job?.progress ?? 0, eta_relative: 0, state: { job_count: job ? 1 : 0, interrupted: job?.interrupted ?? false }, current_image: null });
  }
  if (path === '/sdapi/v1/interrupt' && req.method === 'POST') {
    onInterrupt();
    if (job) job.interrupted = true;
    return json(res, 200, {});
  }
  const img2img = path === '/sdapi/v1/img2img';
  if ((path === '/sdapi/v1/txt2img' || img2img) && req.method === 'POST') {
    let body: Record<string, unknown>;
    try { body = JSON.parse((await readBody(req)).toString()) as Record<string, unknown>; } catch { return json(res, 422, { detail: 'body is not JSON' }); }
    const found = problems(body, img2img);
    if (found.length) return json(res, 422, { detail: found.map((msg) => ({ loc: ['body'], msg, type: 'value_error' })) });
    const current = { progress: 0, interrupted: false };
    job = current;
    for (let step = 1; step <= behaviour.steps || behaviour.mode === 'hang'; step++) {
      await new Promise((r) => setTimeout(r, behaviour.stepDelayMs));
      if (current.interrupted) break;
      if (behaviour.mode !== 'hang') current.progress = step / behaviour.steps;
      if (behaviour.mode === 'error' && step === 2) {
        job = null;
        return json(res, 500, { error: 'OutOfMemoryError', detail: '', body: '', errors: 'CUDA out of memory (test server)' });
      }
    }
    job = null;
    // Reuse the ComfyUI picture maker through an equivalent workflow.
    const uploads = new Map<string, Buffer>();
    const nodes: Record<string, { class_type: string; inputs: Record<string, unknown> }> = {
      s: { class_type: 'KSampler', inputs: { seed: Number(body.seed ?? 0) } },
      t: { class_type: 'CLIPTextEncode', inputs: { text: body.prompt } },
      l: { class_type: 'EmptyLatentImage', inputs: { width: body.width ?? 512, height: body.height ?? 512 } },
    };
    if (img2img) {
      uploads.set('init', Buffer.from(String((body.init_images as string[])[0]).replace(/^data:[^,]*,/, ''), 'base64'));
      nodes.i = { class_type: 'LoadImage', inputs: { image: 'init' } };
    }
    const picture = await fakePicture(nodes, uploads);
    return json(res, 200, { images: [picture.toString('base64')], parameters: body, info: JSON.stringify({ seed: body.seed ?? 0, interrupted: current.interrupted }) });
  }
  json(res, 404, { detail: 'Not Found' });
}
