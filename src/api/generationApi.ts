/**
 * Whether this server can run a generative task type (issue 19), asked before the user spends effort on a
 * prompt or an upload. The server has no capability list, so the page asks the submit path itself with an
 * empty payload: a type without a configured generation server answers 1000003 (SPEC §8 service unavailable)
 * before anything else is read; a runnable type refuses the empty payload as invalid (-102) without creating
 * or charging a task. Any other outcome (offline, an unexpected reply) counts as "unknown": the page stays usable
 * and the real submit says what is wrong.
 */
import { ResultCode } from '../../engine/spec/errors';
import type { TaskType } from '../../engine/spec/taskTypes';
import { deviceHeaders } from './deviceId';

export type GenerationAvailability = 'available' | 'notConfigured' | 'unknown';

const cache = new Map<TaskType, Promise<GenerationAvailability>>();

/**
 * Text-only types take no picture, so an empty payload is not refused before a task is made: they are asked
 * through an image type that runs on the same generation server.
 */
const PROBE_AS: Partial<Record<TaskType, TaskType>> = { aiGeneratePic: 'aiImageToImage', aiGeneratePicWebUi: 'aiImgToImgWebUi' };

async function probe(taskType: TaskType, signal?: AbortSignal): Promise<GenerationAvailability> {
  try {
    const response = await fetch(`/api/task/${PROBE_AS[taskType] ?? taskType}`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...deviceHeaders() }, body: '{}', signal,
    });
    const envelope = (await response.json()) as { resultCode?: number };
    if (envelope.resultCode === ResultCode.SERVICE_UNAVAILABLE && response.status !== 429) return 'notConfigured';
    if (envelope.resultCode === ResultCode.PARAMS_INVALID) return 'available';
    return 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The availability of `taskType`, asked once per page load (a configured server does not go away mid-visit). */
export function generationAvailability(taskType: TaskType): Promise<GenerationAvailability> {
  let pending = cache.get(taskType);
  if (!pending) {
    pending = probe(taskType).then((answer) => {
      if (answer === 'unknown') cache.delete(taskType);
      return answer;
    });
    cache.set(taskType, pending);
  }
  return pending;
}

/** Tests: forget what was asked. */
export function forgetGenerationAvailability(): void {
  cache.clear();
}
