import type { FastifyInstance } from 'fastify';
import { COMFY_README_ANCHOR, GENERATIVE_TASK_TYPES, LEARNED_WHEN_CONFIGURED } from '../../../engine/spec/generation';
import { ok } from '../envelope';
import { generationUnavailable } from './generativeProcessors';
import { sharedGenerationRuntime, type GenerationRuntime } from './runtime';

/** Reply of `GET /api/generation/status`. */
export interface GenerationStatus {
  comfy: { configured: boolean; servers: number; up: number };
  webui: { configured: boolean; servers: number; up: number };
  /** Per generative task type: whether a submit would be accepted now; the learned local tools too. */
  available: Record<string, boolean>;
  /** Why the generative tools are off (null when a server is configured). */
  reason: string | null;
  readmeAnchor: string;
}

/**
 * `GET /api/generation/status`: lets the generative pages say up front that no generation server is
 * configured (and link to the README section) instead of learning it from a failed submit. Counts
 * only: server addresses are the operator's business, not the visitor's.
 */
export function registerGenerationRoutes(app: FastifyInstance, runtime: () => GenerationRuntime = () => sharedGenerationRuntime()): void {
  app.get('/api/generation/status', async () => {
    let rt: GenerationRuntime;
    try {
      rt = runtime();
    } catch (err) {
      // A malformed COMFYUI_URL: nothing can run, and the reason says which variable.
      const none = { configured: false, servers: 0, up: 0 };
      const available = Object.fromEntries([...GENERATIVE_TASK_TYPES, ...LEARNED_WHEN_CONFIGURED].map((t) => [t, false]));
      const reason = `the generation server is misconfigured: ${err instanceof Error ? err.message : String(err)}`;
      return ok<GenerationStatus>({ comfy: none, webui: none, available, reason, readmeAnchor: COMFY_README_ANCHOR });
    }
    const count = (pool: GenerationRuntime['comfyPool']) => {
      const s = pool.snapshot();
      return { configured: s.length > 0, servers: s.length, up: s.filter((x) => x.up).length };
    };
    const available: Record<string, boolean> = {};
    for (const t of GENERATIVE_TASK_TYPES) available[t] = generationUnavailable(t, rt) === null;
    for (const t of LEARNED_WHEN_CONFIGURED) available[t] = rt.config.comfy.length > 0;
    const status: GenerationStatus = {
      comfy: count(rt.comfyPool),
      webui: count(rt.webuiPool),
      available,
      reason: generationUnavailable('aiGeneratePic', rt),
      readmeAnchor: COMFY_README_ANCHOR,
    };
    return ok(status);
  });
}
