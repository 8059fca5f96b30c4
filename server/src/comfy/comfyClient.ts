import WebSocket from 'ws';
import type { ApiWorkflow } from './workflowCheck';

/**
 * ComfyUI's HTTP and WebSocket API, one server. Only transport and reply shapes live here; what a
 * job does with them (progress, cancel, timeout, review) is in runWorkflow.ts.
 *
 * Routes (ComfyUI server.py): POST /upload/image and /upload/mask (multipart `image`, `type`,
 * `subfolder`, `overwrite`; a mask also `original_ref`), POST /prompt `{prompt, client_id}`, GET
 * /history/{id}, GET /view?filename&subfolder&type, POST /interrupt, POST /queue `{delete}`, GET
 * /system_stats, GET /object_info, and the WebSocket /ws?clientId=.
 */

/** The server could not be reached or answered 5xx: another server may be tried. */
export class ComfyUnreachableError extends Error {}
/** The server refused the request (4xx): e.g. a workflow it could not validate. */
export class ComfyRejectedError extends Error {}

/** A file on the ComfyUI server, as /upload and /history name it. */
export interface ComfyFileRef {
  filename: string;
  subfolder: string;
  type: string;
}

/** A WebSocket message of ComfyUI (text frames; binary preview frames are dropped). */
export interface ComfyMessage {
  type: string;
  data: Record<string, unknown>;
}

const REQUEST_TIMEOUT_MS = 30_000;

export class ComfyClient {
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  private async request(path: string, init: RequestInit = {}, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(this.baseUrl + path, {
        ...init,
        headers: { ...this.headers, ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ComfyUnreachableError(`${this.baseUrl} did not answer ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (res.status >= 500) throw new ComfyUnreachableError(`${this.baseUrl}${path} answered HTTP ${res.status}`);
    if (res.status === 401 || res.status === 403) throw new ComfyUnreachableError(`${this.baseUrl}${path} refused our token (HTTP ${res.status})`);
    return res;
  }

  private async json(path: string, init?: RequestInit): Promise<unknown> {
    const res = await this.request(path, init);
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new ComfyRejectedError(`${path} answered something that is not JSON (HTTP ${res.status})`);
    }
    if (!res.ok) throw new ComfyRejectedError(describeError(path, res.status, body));
    return body;
  }

  /** Uploads an input picture; returns the name to put in LoadImage's `image`. */
  async uploadImage(body: Buffer, filename: string): Promise<ComfyFileRef> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(body)], { type: 'image/png' }), filename);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    return asFileRef(await this.json('/upload/image', { method: 'POST', body: form }), 'input');
  }

  /**
   * Uploads a mask onto an uploaded picture: ComfyUI copies the mask's alpha into the original's
   * alpha and stores a new file, whose LoadImage MASK output is 1 - alpha (so alpha 0 = repaint).
   */
  async uploadMask(alphaPng: Buffer, original: ComfyFileRef): Promise<ComfyFileRef> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(alphaPng)], { type: 'image/png' }), `mask_${original.filename}`);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    form.append('original_ref', JSON.stringify({ filename: original.filename, subfolder: original.subfolder, type: original.type }));
    return asFileRef(await this.json('/upload/mask', { method: 'POST', body: form }), 'input');
  }

  /** Queues a workflow; returns its prompt id. A workflow the server refuses throws ComfyRejectedError with its reasons. */
  async submit(workflow: ApiWorkflow, clientId: string): Promise<string> {
    const body = await this.json('/prompt', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: workflow, client_id: clientId }),
    });
    const id = (body as { prompt_id?: unknown }).prompt_id;
    if (typeof id !== 'string' || id === '') throw new ComfyRejectedError('/prompt answered without a prompt_id');
    return id;
  }

  /** The history entry of a prompt, or null while it has none (queued or running). Shape is checked by the caller. */
  async history(promptId: string): Promise<unknown | null> {
    const body = await this.json(`/history/${encodeURIComponent(promptId)}`);
    if (!body || typeof body !== 'object') return null;
    return (body as Record<string, unknown>)[promptId] ?? null;
  }

  /** Fetches an output file. */
  async view(ref: ComfyFileRef): Promise<Buffer> {
    const q = new URLSearchParams({ filename: ref.filename, subfolder: ref.subfolder, type: ref.type });
    const res = await this.request(`/view?${q}`, {}, 120_000);
    if (!res.ok) throw new ComfyRejectedError(`/view of ${ref.filename} answered HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  /**
   * Drops `promptId` from the queue and, only when it is the one running (GET /queue), stops it with
   * POST /interrupt. Recent ComfyUI honours the body's prompt_id; older ones stop whatever runs, so
   * asking first keeps a cancel from stopping another user's job on a shared server.
   */
  async interrupt(promptId: string): Promise<void> {
    const json = { 'content-type': 'application/json' };
    await this.request('/queue', { method: 'POST', headers: json, body: JSON.stringify({ delete: [promptId] }) }).catch(() => undefined);
    const running = await this.json('/queue')
      .then((q) => ((q as { queue_running?: unknown[] }).queue_running ?? []).some((item) => Array.isArray(item) && item[1] === promptId))
      .catch(() => true); // cannot tell: stopping ours matters more
    if (!running) return;
    await this.request('/interrupt', { method: 'POST', headers: json, body: JSON.stringify({ prompt_id: promptId }) }).catch(() => undefined);
  }

  /** Health: GET /system_stats answers with a `system` object. */
  async healthy(): Promise<boolean> {
    try {
      const res = await this.request('/system_stats', {}, 5_000);
      if (!res.ok) return false;
      const body = (await res.json()) as { system?: unknown };
      return typeof body.system === 'object' && body.system !== null;
    } catch {
      return false;
    }
  }

  /** The installed node classes (GET /object_info), to name missing node packs. */
  async nodeClasses(): Promise<Set<string>> {
    return new Set(Object.keys((await this.json('/object_info')) as Record<string, unknown>));
  }

  /** Opens /ws for `clientId`; resolves once connected. Messages that are not ComfyUI JSON are dropped. */
  connect(clientId: string, onMessage: (m: ComfyMessage) => void, onClose: () => void): Promise<WebSocket> {
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: this.headers, handshakeTimeout: 10_000 });
      ws.on('open', () => resolve(ws));
      ws.on('error', (err) => reject(new ComfyUnreachableError(`${url}: ${err.message}`)));
      ws.on('close', onClose);
      ws.on('message', (data, isBinary) => {
        if (isBinary) return; // preview images
        try {
          const m = JSON.parse(data.toString()) as ComfyMessage;
          if (m && typeof m.type === 'string' && m.data && typeof m.data === 'object') onMessage(m);
        } catch {
          /* not ours to judge: history decides the outcome */
        }
      });
    });
  }
}

function asFileRef(body: unknown, fallbackType: string): ComfyFileRef {
  const b = body as { name?: unknown; subfolder?: unknown; type?: unknown };
  if (typeof b.name !== 'string' || b.name === '') throw new ComfyRejectedError('upload answered without a file name');
  return { filename: b.name, subfolder: typeof b.subfolder === 'string' ? b.subfolder : '', type: typeof b.type === 'string' ? b.type : fallbackType };
}

/** ComfyUI's 400 body: `{error: {message, details}, node_errors: {id: {errors: [{message}], class_type}}}`. */
function describeError(path: string, status: number, body: unknown): string {
  const b = body as {
    error?: { message?: string; details?: string } | string;
    node_errors?: Record<string, { class_type?: string; errors?: { message?: string; details?: string }[] }>;
  };
  const head = typeof b.error === 'string' ? b.error : [b.error?.message, b.error?.details].filter(Boolean).join(': ');
  const nodes = Object.entries(b.node_errors ?? {}).flatMap(([id, n]) =>
    (n.errors ?? []).map((e) => `node ${id} ${n.class_type ?? ''}: ${e.message ?? ''} ${e.details ?? ''}`.trim()),
  );
  return `${path} refused (HTTP ${status}): ${[head, ...nodes].filter(Boolean).join('; ') || 'no reason given'}`.slice(0, 480);
}
