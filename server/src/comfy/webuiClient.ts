import http from 'node:http';
import https from 'node:https';
import { ComfyUnreachableError } from './comfyClient';

/**
 * AUTOMATIC1111 (stable-diffusion-webui started with `--api`), one server: transport and reply shapes
 * only; what a job does with them is in webuiJob.ts. Routes (v1.10.1 modules/api/api.py and
 * modules/progress.py): POST /sdapi/v1/txt2img and /img2img answer when the picture is done; POST
 * /internal/progress `{id_task}` tells one task's state; GET /sdapi/v1/progress tells the server's
 * `shared.state`; POST /sdapi/v1/interrupt stops whatever job is running; GET /sdapi/v1/options.
 */

/** One task's state on the server (POST /internal/progress). */
export interface OwnTask {
  active: boolean;
  queued: boolean;
  completed: boolean;
  /** 0..1 while active. */
  progress?: number;
}

/** The server-wide state (GET /sdapi/v1/progress): of the running job, or of the last one if none runs. */
export interface SharedState {
  progress: number;
  interrupted: boolean;
  /** `%Y%m%d%H%M%S` of the job's start, 1 s resolution; the same value is in a result's `info`. */
  jobTimestamp: string;
  /** 0 when no job is running. */
  jobCount: number;
}

export class WebUiClient {
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** A short request (polls, interrupt, health), limited to `timeoutMs`. */
  async call(path: string, init: RequestInit = {}, timeoutMs = 10_000): Promise<Response> {
    try {
      return await fetch(this.baseUrl + path, {
        ...init,
        headers: { ...this.headers, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ComfyUnreachableError(`${this.baseUrl} did not answer ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /**
   * POSTs a generation and waits for its answer, however long the job takes: only `signal` ends the wait.
   * Not fetch: Node's fetch gives up after 300 s without response headers whatever the job limit is, and
   * that looked like an unreachable server. A connection that fails is ComfyUnreachableError.
   */
  generate(path: string, payload: unknown, signal: AbortSignal): Promise<{ status: number; text: string }> {
    const url = new URL(this.baseUrl + path);
    const body = Buffer.from(JSON.stringify(payload));
    const lib = url.protocol === 'https:' ? https : http;
    const unreachable = (err: unknown) =>
      new ComfyUnreachableError(`${this.baseUrl} did not answer ${path}: ${err instanceof Error ? err.message : String(err)}`);
    return new Promise((resolve, reject) => {
      // agent: false, so no keep-alive agent's idle-socket timeout applies to the wait either.
      const req = lib.request(
        url,
        {
          method: 'POST',
          agent: false,
          signal,
          headers: { ...this.headers, 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
          res.on('error', (err) => reject(signal.aborted ? err : unreachable(err)));
          res.on('close', () => {
            if (!res.complete) reject(signal.aborted ? signal.reason : unreachable(new Error('the connection closed before the answer ended')));
          });
        },
      );
      req.on('error', (err) => reject(signal.aborted ? err : unreachable(err)));
      req.end(body);
    });
  }

  /**
   * Our task's state, by the id we gave it (`force_task_id`); 'unsupported' when the server has no
   * /internal/progress (started with `--nowebui`, or behind a proxy that refuses it); null when it did not answer.
   */
  async ownTask(taskId: string): Promise<OwnTask | 'unsupported' | null> {
    try {
      const res = await this.call(
        '/internal/progress',
        { method: 'POST', body: JSON.stringify({ id_task: taskId, id_live_preview: -1, live_preview: false }) },
        5_000,
      );
      if ([401, 403, 404, 405].includes(res.status)) return 'unsupported';
      if (!res.ok) return null;
      const b = (await res.json()) as Partial<OwnTask>;
      return {
        active: b.active === true,
        queued: b.queued === true,
        completed: b.completed === true,
        progress: typeof b.progress === 'number' ? b.progress : undefined,
      };
    } catch {
      return null;
    }
  }

  /** The server-wide state, or null when it did not answer. */
  async sharedState(): Promise<SharedState | null> {
    try {
      const res = await this.call('/sdapi/v1/progress?skip_current_image=true', {}, 5_000);
      if (!res.ok) return null;
      const b = (await res.json()) as { progress?: unknown; state?: { interrupted?: unknown; job_timestamp?: unknown; job_count?: unknown } };
      return {
        progress: typeof b.progress === 'number' ? b.progress : 0,
        interrupted: b.state?.interrupted === true,
        jobTimestamp: String(b.state?.job_timestamp ?? ''),
        jobCount: Number(b.state?.job_count ?? 0),
      };
    } catch {
      return null;
    }
  }

  /** Stops whatever job the server is running (A1111's interrupt names no job): call it only for one's own. */
  async interrupt(): Promise<void> {
    await this.call('/sdapi/v1/interrupt', { method: 'POST' }).catch(() => undefined);
  }

  async healthy(): Promise<boolean> {
    try {
      return (await this.call('/sdapi/v1/options', {}, 5_000)).ok;
    } catch {
      return false;
    }
  }
}
