/**
 * Runs one image task through the task flow outside React and resolves with its result picture: the first step
 * of a chained tool (the AI background cuts the product out with `removebg` before the scene is generated
 * around it). Rejects with the job's error (a JobError with its SPEC §8 code); `signal` cancels the job.
 */
import { createActor } from 'xstate';
import type { JobError } from '../../engine/spec/errors';
import type { TaskType } from '../../engine/spec/taskTypes';
import { liveTaskFlowMachine } from './liveTaskFlow';
import { getAppConfig } from '../api/secureConfig';
import { buildSteps } from '../contentSafety/flowSteps';

const liveMachine = liveTaskFlowMachine;

export class FlowError extends Error {
  constructor(readonly error: JobError | null) {
    super(error?.message ?? error?.name ?? 'task failed');
  }
}

export async function runFlowOnce(taskType: TaskType, file: Blob, params: Record<string, unknown> = {}, signal?: AbortSignal): Promise<Blob> {
  const config = await getAppConfig();
  const actor = createActor(liveMachine, {
    input: {
      jobId: crypto.randomUUID(),
      funcType: taskType,
      sourceFile: file,
      submitParams: params,
      steps: buildSteps(config, { prompt: false, pictures: true, query: true }),
    },
  });
  return new Promise<Blob>((resolve, reject) => {
    signal?.addEventListener('abort', () => {
      actor.send({ type: 'job.cancel' });
      reject(new FlowError(null));
    });
    actor.subscribe((s) => {
      if (s.matches('completed')) {
        const blob = Object.values(s.context.taskResults)[0]?.resultFile;
        actor.stop();
        if (blob) resolve(blob);
        else reject(new FlowError(null));
      } else if (s.matches('failed')) {
        const error = s.context.error ?? Object.values(s.context.taskResults).find((t) => t.err)?.err ?? null;
        actor.stop();
        reject(new FlowError(error));
      }
    });
    actor.start();
    actor.send({ type: 'job.start' });
  });
}
