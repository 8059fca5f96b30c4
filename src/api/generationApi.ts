/**
 * Whether this server can run a generative task type (issue 19), asked before the user spends effort on a
 * prompt or an upload: `GET /api/generation/status` answers, per task type, whether a submit would be accepted
 * now (false: no generation server configured, the submit would answer 1000003). Any other outcome (offline, an
 * unexpected reply) counts as "unknown": the page stays usable and the real submit says what is wrong.
 */
import { ResultCode } from '../../engine/spec/errors';
import type { TaskType } from '../../engine/spec/taskTypes';
import { deviceHeaders } from './deviceId';

export type GenerationAvailability = 'available' | 'notConfigured' | 'unknown';

interface StatusReply {
  resultCode?: number;
  data?: { available?: Record<string, boolean> } | null;
}

let pending: Promise<Record<string, boolean> | null> | null = null;

async function fetchStatus(): Promise<Record<string, boolean> | null> {
  try {
    const response = await fetch('/api/generation/status', { headers: deviceHeaders() });
    const envelope = (await response.json()) as StatusReply;
    return envelope.resultCode === ResultCode.SUCCESS && envelope.data?.available ? envelope.data.available : null;
  } catch {
    return null;
  }
}

/** The availability of `taskType`, asked once per page load (a configured server does not go away mid-visit). */
export async function generationAvailability(taskType: TaskType): Promise<GenerationAvailability> {
  if (!pending) {
    pending = fetchStatus().then((answer) => {
      if (!answer) pending = null; // a failed call is asked again next time
      return answer;
    });
  }
  const available = await pending;
  if (!available || !(taskType in available)) return 'unknown';
  return available[taskType] ? 'available' : 'notConfigured';
}

/** Tests: forget what was asked. */
export function forgetGenerationAvailability(): void {
  pending = null;
}
