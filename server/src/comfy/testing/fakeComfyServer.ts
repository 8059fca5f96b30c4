import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { checkInputValues, type ModelFiles } from '../inputValueCheck';
import { objectInfo } from '../nodeSchemas';
import { withAlpha } from '../pictures';
import { checkWorkflow, type ApiWorkflow } from '../workflowCheck';
import { DEFAULT_MODEL_FILES } from './fakeModelFiles';
import { fakePicture } from './fakePicture';
import { FakeWebUi, type WebUiRun } from './fakeWebUi';

/**
 * A ComfyUI-protocol test server: the HTTP + WebSocket API of ComfyUI (POST /upload/image,
 * /upload/mask, /prompt, /interrupt, /queue; GET /history/{id}, /view, /system_stats,
 * /object_info; WebSocket /ws) with a deterministic picture instead of a diffusion model.
 * It is strict where ComfyUI is lenient: every workflow must pass checkWorkflow (well-formed
 * API format, every node input connected, every named input filled) or /prompt answers 400 with
 * ComfyUI's error shape. It refuses what ComfyUI refuses: a combo value not in its list (sampler,
 * scheduler…), a number out of range, a model file it does not have (checkInputValues with
 * `modelFiles`), an image that was never uploaded. It runs one prompt at a time, the others queued.
 * It also answers the AUTOMATIC1111 `--api` routes (fakeWebUi.ts).
 *
 * Tests drive failure cases through {@link FakeComfy.behave} (or `POST /fake/behaviour` from
 * another process) and read what was submitted from `prompts` (or `GET /fake/prompts`).
 */

export type FakeMode =
  | 'ok'
  /** the run fails with execution_error */
  | 'error'
  /** the run never finishes (a stuck GPU): for timeouts */
  | 'hang'
  /** /history answers a body that is not ComfyUI's shape */
  | 'malformedHistory'
  /** the run succeeds but names an output file /view does not have */
  | 'missingOutput';

export interface FakeBehaviour {
  mode: FakeMode;
  /** Sampling steps reported as progress, and the pause between them. */
  steps: number;
  stepDelayMs: number;
  /** The AUTOMATIC1111 side runs as with `--nowebui`: no POST /internal/progress. */
  webuiApiOnly: boolean;
}

export interface SubmittedPrompt {
  promptId: string;
  clientId: string;
  workflow: ApiWorkflow;
}

export interface FakeComfy {
  url: string;
  /** Workflows accepted by /prompt, oldest first. */
  prompts: SubmittedPrompt[];
  /** Names and bodies of uploaded images and masks. */
  uploads: Map<string, Buffer>;
  /** POST /interrupt (and /sdapi/v1/interrupt) calls received. */
  interrupts: number;
  /** AUTOMATIC1111 generation requests, oldest first. */
  webuiRuns: readonly WebUiRun[];
  behave(change: Partial<FakeBehaviour>): void;
  close(): Promise<void>;
}

export interface FakeComfyOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** When set, every request must carry `Authorization: Bearer <token>` (a proxy in front of ComfyUI). */
  token?: string;
  /** Model files it has, per models folder (default: those the shipped workflows load). */
  modelFiles?: ModelFiles;
}

interface HistoryEntry {
  prompt: unknown[];
  outputs: Record<string, { images: { filename: string; subfolder: string; type: string }[] }>;
  status: { status_str: 'success' | 'error'; completed: boolean; messages: [string, Record<string, unknown>][] };
}

export const FAKE_DEFAULTS: FakeBehaviour = { mode: 'ok', steps: 6, stepDelayMs: 25, webuiApiOnly: false };

export async function startFakeComfy(options: FakeComfyOptions = {}): Promise<FakeComfy> {
  let behaviour = { ...FAKE_DEFAULTS };
  const modelFiles = options.modelFiles ?? DEFAULT_MODEL_FILES;
  const uploads = new Map<string, Buffer>();
  const outputs = new Map<string, Buffer>();
  const history = new Map<string, HistoryEntry>();
  const sockets = new Map<string, Set<WebSocket>>();
  const queue: SubmittedPrompt[] = [];
  let running: { prompt: SubmittedPrompt; interrupted: boolean } | null = null;
  let counter = 0;
  const webui = new FakeWebUi(
    () => behaviour,
    () => {
      state.interrupts++;
    },
  );

  const state: FakeComfy = {
    url: '',
    prompts: [],
    uploads,
    interrupts: 0,
    webuiRuns: webui.runs,
    behave: (change) => {
      behaviour = { ...behaviour, ...change };
    },
    close: async () => {
      webui.close();
      wss.clients.forEach((c) => c.terminate());
      await new Promise<void>((resolve) => {
        wss.close(() => resolve());
      });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const send = (clientId: string | null, type: string, data: Record<string, unknown>) => {
    const msg = JSON.stringify({ type, data });
    const targets = clientId ? (sockets.get(clientId) ?? new Set()) : new Set([...sockets.values()].flatMap((s) => [...s]));
    for (const ws of targets) if (ws.readyState === ws.OPEN) ws.send(msg);
  };
  const status = () => send(null, 'status', { status: { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } } });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function execute(p: SubmittedPrompt): Promise<void> {
    running = { prompt: p, interrupted: false };
    const run = running;
    const { promptId, clientId } = p;
    const messages: HistoryEntry['status']['messages'] = [['execution_start', { prompt_id: promptId, timestamp: Date.now() }]];
    send(clientId, 'execution_start', { prompt_id: promptId, timestamp: Date.now() });
    const sampler =
      Object.keys(p.workflow).find((k) => /KSampler|InpaintWithModel|DDColor|Segment/.test(p.workflow[k].class_type)) ?? Object.keys(p.workflow)[0];
    send(clientId, 'executing', { node: sampler, display_node: sampler, prompt_id: promptId });
    const finish = (entry: Omit<HistoryEntry, 'prompt'>) => {
      history.set(promptId, { prompt: [counter, promptId, p.workflow, {}, []], ...entry });
      running = null;
      status();
    };
    for (let step = 1; step <= behaviour.steps || behaviour.mode === 'hang'; step++) {
      await sleep(behaviour.stepDelayMs);
      if (run.interrupted) {
        const data = { prompt_id: promptId, node_id: sampler, node_type: p.workflow[sampler].class_type, executed: [], timestamp: Date.now() };
        send(clientId, 'execution_interrupted', data);
        messages.push(['execution_interrupted', data]);
        finish({ outputs: {}, status: { status_str: 'error', completed: false, messages } });
        return;
      }
      if (behaviour.mode !== 'hang') send(clientId, 'progress', { value: step, max: behaviour.steps, prompt_id: promptId, node: sampler });
      if (behaviour.mode === 'error' && step === 2) {
        const data = {
          prompt_id: promptId,
          node_id: sampler,
          node_type: p.workflow[sampler].class_type,
          executed: [],
          exception_message: 'CUDA out of memory (test server)',
          exception_type: 'torch.OutOfMemoryError',
          traceback: [],
          current_inputs: {},
          current_outputs: {},
        };
        send(clientId, 'execution_error', data);
        messages.push(['execution_error', data]);
        finish({ outputs: {}, status: { status_str: 'error', completed: false, messages } });
        return;
      }
    }
    const results: HistoryEntry['outputs'] = {};
    for (const [id, node] of Object.entries(p.workflow)) {
      if (node.class_type !== 'SaveImage') continue;
      const filename = `${String(node.inputs.filename_prefix)}_${String(++counter).padStart(5, '0')}_.png`;
      if (behaviour.mode !== 'missingOutput') outputs.set(filename, await fakePicture(p.workflow, uploads));
      results[id] = { images: [{ filename, subfolder: '', type: 'output' }] };
      send(clientId, 'executed', { node: id, display_node: id, output: results[id], prompt_id: promptId });
    }
    send(clientId, 'executing', { node: null, prompt_id: promptId });
    send(clientId, 'execution_success', { prompt_id: promptId, timestamp: Date.now() });
    messages.push(['execution_success', { prompt_id: promptId, timestamp: Date.now() }]);
    finish({ outputs: results, status: { status_str: 'success', completed: true, messages } });
  }

  async function pump(): Promise<void> {
    if (running) return;
    const next = queue.shift();
    if (!next) return;
    await execute(next).catch((err) => console.error('fake ComfyUI run failed:', err));
    void pump();
  }

  const json = (res: http.ServerResponse, code: number, body: unknown) => {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  const form = async (req: http.IncomingMessage, body: Buffer) =>
    new Response(new Uint8Array(body), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
  const authorised = (req: http.IncomingMessage) => !options.token || req.headers.authorization === `Bearer ${options.token}`;

  async function upload(req: http.IncomingMessage, res: http.ServerResponse, isMask: boolean): Promise<void> {
    const data = await form(req, await readBody(req)).catch(() => null);
    const file = data?.get('image');
    if (!data || !file || typeof file === 'string') return json(res, 400, { error: 'image is required' });
    let body: Buffer = Buffer.from(await file.arrayBuffer());
    const subfolder = String(data.get('subfolder') ?? '');
    let name = file.name || `upload_${randomUUID()}.png`;
    if (isMask) {
      // ComfyUI: the mask's alpha becomes the alpha of the original (original_ref), saved as a new file.
      let ref: { filename?: string } = {};
      try {
        ref = JSON.parse(String(data.get('original_ref') ?? '{}')) as { filename?: string };
      } catch {
        /* below */
      }
      const original = ref.filename ? uploads.get(ref.filename) : undefined;
      if (!original) return json(res, 400, { error: 'original_ref names no uploaded image' });
      const { default: sharp } = await import('sharp');
      const meta = await sharp(original).metadata();
      const alpha = await sharp(body).resize(meta.width, meta.height, { fit: 'fill' }).ensureAlpha().extractChannel(3).raw().toBuffer();
      body = await withAlpha(original, alpha, meta.width!, meta.height!);
      name = `clipspace_mask_${randomUUID().slice(0, 8)}.png`;
    }
    uploads.set(name, body);
    return json(res, 200, { name, subfolder, type: 'input' });
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (path === '/fake/behaviour' && req.method === 'POST') {
      state.behave(JSON.parse((await readBody(req)).toString() || '{}') as Partial<FakeBehaviour>);
      return json(res, 200, behaviour);
    }
    if (path === '/fake/prompts' && req.method === 'GET') return json(res, 200, state.prompts);
    if (!authorised(req)) return json(res, 401, { error: 'unauthorised' });
    if (path.startsWith('/sdapi/') || path === '/internal/progress') return webui.handle(req, res, path, readBody);
    if (path === '/system_stats' && req.method === 'GET') {
      return json(res, 200, {
        system: {
          os: 'posix',
          ram_total: 0,
          ram_free: 0,
          comfyui_version: 'protocol-test-server',
          python_version: 'none',
          pytorch_version: 'none',
          embedded_python: false,
          argv: [],
        },
        devices: [{ name: 'test server (no GPU)', type: 'cpu', index: 0, vram_total: 0, vram_free: 0, torch_vram_total: 0, torch_vram_free: 0 }],
      });
    }
    if (path === '/object_info' && req.method === 'GET') return json(res, 200, objectInfo(undefined, modelFiles));
    if (path === '/upload/image' && req.method === 'POST') return upload(req, res, false);
    if (path === '/upload/mask' && req.method === 'POST') return upload(req, res, true);
    if (path === '/prompt' && req.method === 'POST') {
      let body: { prompt?: unknown; client_id?: string };
      try {
        body = JSON.parse((await readBody(req)).toString()) as typeof body;
      } catch {
        return json(res, 400, { error: { type: 'invalid_prompt', message: 'body is not JSON', details: '', extra_info: {} }, node_errors: {} });
      }
      const problems = checkWorkflow(body.prompt, undefined, { filled: true }); // real ComfyUI knows no placeholders: braces are text
      if (problems.length === 0) problems.push(...checkInputValues(body.prompt as ApiWorkflow, modelFiles));
      // As ComfyUI's LoadImage.VALIDATE_INPUTS: the named file must have been uploaded.
      if (problems.length === 0) {
        for (const [id, node] of Object.entries(body.prompt as ApiWorkflow)) {
          if (node.class_type === 'LoadImage' && !uploads.has(String(node.inputs.image))) {
            problems.push({
              nodeId: id,
              type: 'custom_validation_failed',
              message: `node ${id}: Invalid image file: ${String(node.inputs.image)}`,
              input: 'image',
            });
          }
        }
      }
      if (problems.length > 0) {
        const nodeErrors: Record<string, { errors: unknown[]; class_type: string; dependent_outputs: string[] }> = {};
        for (const p of problems.filter((x) => x.nodeId)) {
          const cls = (body.prompt as ApiWorkflow)[p.nodeId!]?.class_type ?? '';
          (nodeErrors[p.nodeId!] ??= { errors: [], class_type: cls, dependent_outputs: [] }).errors.push({
            type: p.type,
            message: p.message,
            details: p.input ?? '',
            extra_info: { input_name: p.input },
          });
        }
        const first = problems[0];
        return json(res, 400, {
          error: {
            type: first.nodeId ? 'prompt_outputs_failed_validation' : first.type,
            message: first.message,
            details: problems.map((p) => p.message).join('; '),
            extra_info: {},
          },
          node_errors: nodeErrors,
        });
      }
      const submitted = { promptId: randomUUID(), clientId: body.client_id ?? '', workflow: body.prompt as ApiWorkflow };
      state.prompts.push(submitted);
      queue.push(submitted);
      status();
      void pump();
      return json(res, 200, { prompt_id: submitted.promptId, number: state.prompts.length, node_errors: {} });
    }
    if (path.startsWith('/history/') && req.method === 'GET') {
      const id = decodeURIComponent(path.slice('/history/'.length));
      const entry = history.get(id);
      if (entry && behaviour.mode === 'malformedHistory') return json(res, 200, { [id]: { outputs: 'not an object', status: null } });
      return json(res, 200, entry ? { [id]: entry } : {});
    }
    if (path === '/view' && req.method === 'GET') {
      const body = outputs.get(url.searchParams.get('filename') ?? '');
      if (!body || url.searchParams.get('type') !== 'output') return json(res, 404, { error: 'not found' });
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(body);
      return;
    }
    if (path === '/interrupt' && req.method === 'POST') {
      state.interrupts++;
      const raw = (await readBody(req)).toString();
      const target = raw ? (JSON.parse(raw) as { prompt_id?: string }).prompt_id : undefined;
      if (running && (!target || running.prompt.promptId === target)) running.interrupted = true;
      res.writeHead(200).end();
      return;
    }
    if (path === '/queue' && req.method === 'POST') {
      const body = JSON.parse((await readBody(req)).toString() || '{}') as { delete?: string[]; clear?: boolean };
      for (let i = queue.length - 1; i >= 0; i--) if (body.clear || body.delete?.includes(queue[i].promptId)) queue.splice(i, 1);
      res.writeHead(200).end();
      return;
    }
    if (path === '/queue' && req.method === 'GET') {
      return json(res, 200, { queue_running: running ? [[0, running.prompt.promptId]] : [], queue_pending: queue.map((q, i) => [i + 1, q.promptId]) });
    }
    json(res, 404, { error: 'not found' });
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: err instanceof Error ? err.message : String(err) });
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/ws' || !authorised(req)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const clientId = url.searchParams.get('clientId') || randomUUID().replace(/-/g, '');
      const set = sockets.get(clientId) ?? new Set();
      set.add(ws);
      sockets.set(clientId, set);
      ws.on('close', () => set.delete(ws));
      ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: queue.length } }, sid: clientId } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  state.url = `http://${options.host ?? '127.0.0.1'}:${addr.port}`;
  return state;
}
