import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalDiskStorage } from '../../storage/localDiskStorage';
import type { ProcessorContext } from '../../tasks/processor';
import type { PictureReviewer } from '../../models/nsfw/pictureReviewer';
import { createGenerationRuntime, type GenerationRuntime } from '../runtime';

/** A processor context over temp-folder storage, as the job runner builds one, for generation tests. */
export interface JobHarness {
  ctx: ProcessorContext;
  progress: number[];
  /** Stores a file and returns the URL a client would pass. */
  upload(name: string, body: Buffer): Promise<string>;
  /** Makes checkCancelled() throw from now on, as when the user cancels. */
  cancel(): void;
  cleanup(): Promise<void>;
}

export class TestCancelled extends Error {}

export async function jobHarness(input: Buffer | null, params: Record<string, unknown> = {}): Promise<JobHarness> {
  const root = await mkdtemp(path.join(tmpdir(), 'lumacut-comfy-test-'));
  const storage = new LocalDiskStorage(root);
  if (input) await storage.put('uploads/web/input.png', input);
  const progress: number[] = [];
  let cancelled = false;
  return {
    ctx: {
      taskId: `t${Math.random().toString(36).slice(2, 10)}`,
      params: { ...(input ? { inputKey: 'uploads/web/input.png' } : {}), ...params },
      storage,
      onProgress: (f) => progress.push(f),
      checkCancelled: async () => {
        if (cancelled) throw new TestCancelled('cancelled');
      },
    },
    progress,
    async upload(name, body) {
      await storage.put(`uploads/web/${name}`, body);
      return `http://localhost/files/uploads/web/${name}`;
    },
    cancel: () => {
      cancelled = true;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** A runtime pointed at test servers, text review on with the project's lists, picture review as given. */
export function testRuntime(env: Record<string, string>, reviewer: PictureReviewer | null = null): GenerationRuntime & { close(): void } {
  return createGenerationRuntime({ env: { ENABLE_TEXT_REVIEW: '1', ...env }, reviewer });
}
