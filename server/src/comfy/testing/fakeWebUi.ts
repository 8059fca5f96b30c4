import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { FakeBehaviour } from './fakeComfyServer';
import { fakePicture } from './fakePicture';
import { resolveSampler, WEBUI_RANGES, WEBUI_SAMPLERS, WEBUI_SCHEDULERS } from './webuiTable';

/**
 * The AUTOMATIC1111 `--api` routes of the protocol test server, behaving as v1.10.1 does where our
 * client depends on it:
 *
 * - POST /sdapi/v1/txt2img and /img2img answer when the picture is done. Like the real `queue_lock`,
 *   one job runs at a time and the others wait; each job has a task id (`force_task_id`, else one is
 *   made up), listed as queued, then active, then completed.
 * - POST /internal/progress `{id_task}` says whether that task is queued, active or completed, with its
 *   progress (the route the web UI polls; absent in `--nowebui` mode, see `webuiApiOnly`).
 * - GET /sdapi/v1/progress reports the running job's progress and `shared.state` (`interrupted`,
 *   `job_timestamp`, `job_count`); its `current_task` is always null, as in v1.10.1.
 * - POST /sdapi/v1/interrupt is global: it stops whichever job is running, which then answers normally
 *   with its half-finished picture, exactly the trap a client has to avoid.
 * - GET /sdapi/v1/options, /samplers and /schedulers.
 *
 * Payloads are checked the way the real API's pydantic models would refuse them, plus the names and
 * ranges of webuiTable.ts (stricter than the real server, which silently falls back to defaults).
 */

/** One generation request as the test server saw it. */
export interface WebUiRun {
  taskId: string;
  endpoint: 'txt2img' | 'img2img';
  status: 'queued' | 'running' | 'done' | 'failed';
  steps: number;
  /** Sampling steps done before the run ended. */
  stepsDone: number;
  /** The run was stopped by /sdapi/v1/interrupt. */
  interrupted: boolean;
}

type Json = Record<string, unknown>;
type ReadBody = (req: http.IncomingMessage) => Promise<Buffer>;

const json = (res: http.ServerResponse, code: number, body: unknown) => {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const INTS = ['width', 'height', 'steps', 'seed', 'batch_size', 'n_iter'];
const FLOATS = ['cfg_scale', 'denoising_strength'];

/** Prompt fields carry the user's own words, which may hold braces ("a {{cat}} sign"): the real server takes them as text. */
const USER_TEXT = new Set(['prompt', 'negative_prompt']);
const UNFILLED = /\{\{\s*[A-Za-z0-9_]+\s*\}\}/;

/** What the fake refuses in a txt2img/img2img payload (empty list: accepted). */
export function webUiPayloadProblems(body: Json, img2img: boolean): string[] {
  const out: string[] = [];
  if (typeof body.prompt !== 'string' || body.prompt.trim() === '') out.push('prompt must be a non-empty string');
  for (const k of INTS) if (body[k] !== undefined && !Number.isInteger(body[k])) out.push(`${k} must be an integer`);
  for (const k of FLOATS) if (body[k] !== undefined && typeof body[k] !== 'number') out.push(`${k} must be a number`);
  for (const [k, [min, max]] of Object.entries(WEBUI_RANGES)) {
    const v = body[k];
    if (typeof v === 'number' && (v < min || v > max)) out.push(`${k} ${v} is outside the web UI's range ${min}..${max}`);
  }
  if (body.force_task_id !== undefined && typeof body.force_task_id !== 'string') out.push('force_task_id must be a string');
  if (body.sampler_name !== undefined || body.scheduler !== undefined) {
    const resolved = resolveSampler(String(body.sampler_name ?? 'DPM++ 2M'), body.scheduler === undefined ? undefined : String(body.scheduler));
    if (!resolved)
      out.push(
        `sampler ${JSON.stringify(body.sampler_name)} / scheduler ${JSON.stringify(body.scheduler)} is not one of v1.10.1's (it would silently use DPM++ 2M, Automatic)`,
      );
  }
  for (const [k, v] of Object.entries(body)) if (!USER_TEXT.has(k) && UNFILLED.test(JSON.stringify(v))) out.push(`${k}: a named input was not filled in`);
  if (img2img && (!Array.isArray(body.init_images) || body.init_images.length === 0 || typeof body.init_images[0] !== 'string'))
    out.push('init_images must hold one base64 image');
  return out;
}

/** A1111's `shared.state`, as GET /sdapi/v1/progress shows it. */
interface SharedState {
  skipped: boolean;
  interrupted: boolean;
  stopping_generation: boolean;
  job: string;
  job_count: number;
  job_timestamp: string;
  job_no: number;
  sampling_step: number;
  sampling_steps: number;
}

/** The AUTOMATIC1111 side of one protocol test server. */
export class FakeWebUi {
  /** Every accepted generation request, oldest first. */
  readonly runs: WebUiRun[] = [];
  private readonly state: SharedState = {
    skipped: false,
    interrupted: false,
    stopping_generation: false,
    job: '',
    job_count: 0,
    job_timestamp: '0',
    job_no: 0,
    sampling_step: 0,
    sampling_steps: 0,
  };
  private currentTask: string | null = null;
  private readonly pending = new Set<string>();
  private readonly finished: string[] = [];
  /** The queue lock: each job starts when the previous one has ended. */
  private tail: Promise<void> = Promise.resolve();
  private lastTimestamp = 0;
  private closed = false;

  constructor(
    private readonly behaviour: () => FakeBehaviour,
    private readonly onInterrupt: () => void,
  ) {}

  /** Stops running jobs (the server is closing). */
  close(): void {
    this.closed = true;
  }

  async handle(req: http.IncomingMessage, res: http.ServerResponse, path: string, readBody: ReadBody): Promise<void> {
    if (path === '/sdapi/v1/options' && req.method === 'GET') return json(res, 200, { sd_model_checkpoint: 'protocol-test-server' });
    if (path === '/sdapi/v1/samplers' && req.method === 'GET') {
      return json(
        res,
        200,
        WEBUI_SAMPLERS.map((s) => ({ name: s.label, aliases: [], options: s.scheduler ? { scheduler: s.scheduler } : {} })),
      );
    }
    if (path === '/sdapi/v1/schedulers' && req.method === 'GET') {
      return json(
        res,
        200,
        WEBUI_SCHEDULERS.map((s) => ({ name: s.name, label: s.label, aliases: s.aliases ?? null, default_rho: -1, need_inner_model: false })),
      );
    }
    if (path === '/sdapi/v1/progress' && req.method === 'GET') {
      return json(res, 200, { progress: this.progress(), eta_relative: 0, state: { ...this.state }, current_image: null, textinfo: null, current_task: null });
    }
    if (path === '/internal/progress' && req.method === 'POST') {
      if (this.behaviour().webuiApiOnly) return json(res, 404, { detail: 'Not Found' });
      return this.taskProgress(res, await readBody(req));
    }
    if (path === '/sdapi/v1/interrupt' && req.method === 'POST') {
      this.onInterrupt();
      this.state.interrupted = true;
      return json(res, 200, {});
    }
    const endpoint = path === '/sdapi/v1/txt2img' ? 'txt2img' : path === '/sdapi/v1/img2img' ? 'img2img' : null;
    if (endpoint && req.method === 'POST') return this.generate(res, endpoint, await readBody(req));
    json(res, 404, { detail: 'Not Found' });
  }

  private progress(): number {
    const s = this.state;
    if (s.job_count === 0) return 0;
    return Math.min(1, 0.01 + (s.sampling_steps > 0 ? s.sampling_step / s.sampling_steps : 0));
  }

  private taskProgress(res: http.ServerResponse, raw: Buffer): void {
    let id: unknown;
    try {
      id = (JSON.parse(raw.toString()) as Json).id_task;
    } catch {
      return json(res, 422, { detail: 'body is not JSON' });
    }
    const active = id === this.currentTask;
    const queued = typeof id === 'string' && this.pending.has(id);
    const completed = typeof id === 'string' && this.finished.includes(id);
    if (!active) return json(res, 200, { active, queued, completed, id_live_preview: -1, textinfo: queued ? 'Queued...' : 'Waiting...' });
    json(res, 200, { active, queued, completed, progress: this.progress(), eta: null, live_preview: null, id_live_preview: -1, textinfo: null });
  }

  private async generate(res: http.ServerResponse, endpoint: 'txt2img' | 'img2img', raw: Buffer): Promise<void> {
    let body: Json;
    try {
      body = JSON.parse(raw.toString()) as Json;
    } catch {
      return json(res, 422, { detail: 'body is not JSON' });
    }
    const found = webUiPayloadProblems(body, endpoint === 'img2img');
    if (found.length) return json(res, 422, { detail: found.map((msg) => ({ loc: ['body'], msg, type: 'value_error' })) });
    const run: WebUiRun = {
      taskId: typeof body.force_task_id === 'string' ? body.force_task_id : `task(${randomUUID().slice(0, 15)})`,
      endpoint,
      status: 'queued',
      steps: this.behaviour().steps,
      stepsDone: 0,
      interrupted: false,
    };
    this.runs.push(run);
    this.pending.add(run.taskId);
    const turn = this.tail.then(() => this.execute(run));
    this.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    const outcome = await turn;
    if (outcome === 'failed') return json(res, 500, { error: 'OutOfMemoryError', detail: '', body: '', errors: 'CUDA out of memory (test server)' });
    // The picture is made after the lock is released, as the real API encodes its images.
    const uploads = new Map<string, Buffer>();
    const nodes: Record<string, { class_type: string; inputs: Json }> = {
      s: { class_type: 'KSampler', inputs: { seed: Number(body.seed ?? 0) } },
      t: { class_type: 'CLIPTextEncode', inputs: { text: body.prompt } },
      l: { class_type: 'EmptyLatentImage', inputs: { width: body.width ?? 512, height: body.height ?? 512 } },
    };
    if (endpoint === 'img2img') {
      uploads.set('init', Buffer.from(String((body.init_images as string[])[0]).replace(/^data:[^,]*,/, ''), 'base64'));
      nodes.i = { class_type: 'LoadImage', inputs: { image: 'init' } };
    }
    const picture = await fakePicture(nodes, uploads);
    json(res, 200, {
      images: [picture.toString('base64')],
      parameters: body,
      info: JSON.stringify({ prompt: body.prompt, seed: body.seed ?? -1, job_timestamp: outcome }),
    });
  }

  /** Runs one job under the lock; the job's `job_timestamp`, or 'failed'. */
  private async execute(run: WebUiRun): Promise<string> {
    const s = this.state;
    this.lastTimestamp = Math.max(Math.floor(Date.now() / 1000), this.lastTimestamp + 1); // unique per job here; the real one has 1 s resolution
    Object.assign(s, {
      skipped: false,
      interrupted: false,
      job: `scripts_${run.endpoint}`,
      job_count: 1,
      job_no: 0,
      sampling_step: 0,
      sampling_steps: run.steps,
      job_timestamp: timestamp(this.lastTimestamp),
    });
    this.currentTask = run.taskId;
    this.pending.delete(run.taskId);
    run.status = 'running';
    const mode = () => this.behaviour().mode;
    for (let step = 1; (step <= run.steps || mode() === 'hang') && !this.closed; step++) {
      await sleep(this.behaviour().stepDelayMs);
      if (s.interrupted) {
        run.interrupted = true;
        break;
      }
      if (mode() !== 'hang') s.sampling_step = run.stepsDone = step;
      if (mode() === 'error' && step === 2) {
        // The real API skips finish_task when processing raises: the task stays "current" until the next one starts.
        run.status = 'failed';
        Object.assign(s, { job: '', job_count: 0 });
        return 'failed';
      }
    }
    if (this.currentTask === run.taskId) this.currentTask = null;
    this.finished.push(run.taskId);
    if (this.finished.length > 16) this.finished.shift();
    Object.assign(s, { job: '', job_count: 0 });
    run.status = 'done';
    return s.job_timestamp;
  }
}

/** `%Y%m%d%H%M%S` of a time in seconds, as A1111 writes `job_timestamp`. */
function timestamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
