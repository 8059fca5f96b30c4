import { describe, expect, it } from 'vitest';
import { loadModelRuntime } from '../config';
import { detModelPath } from './textDetect/detModel';
import { createOrtSession, ortSessionOptions } from './ortSession';

describe('ortSessionOptions', () => {
  it('honours USE_CUDA and ORT_THREADS, the CPU provider always kept as fallback', () => {
    expect(ortSessionOptions(loadModelRuntime({ USE_CUDA: '1', ORT_THREADS: '6' }))).toMatchObject({
      executionProviders: ['cuda', 'cpu'],
      intraOpNumThreads: 6,
    });
    expect(ortSessionOptions(loadModelRuntime({}))).toMatchObject({ executionProviders: ['cpu'], intraOpNumThreads: 2, enableCpuMemArena: false });
  });

  it('refuses a bad ISNET_OPT_LEVEL and reads the IS-Net switches', () => {
    expect(() => loadModelRuntime({ ISNET_OPT_LEVEL: 'fast' })).toThrow(/ISNET_OPT_LEVEL/);
    expect(loadModelRuntime({ ISNET_OPT_LEVEL: 'all', ISNET_FIXED_SIZE: '1' })).toMatchObject({ isnetOptLevel: 'all', isnetFixedSize: true });
    expect(loadModelRuntime({})).toMatchObject({ isnetOptLevel: null, isnetFixedSize: false });
  });

  it('refuses a bad ORT_THREADS instead of guessing', () => {
    expect(() => loadModelRuntime({ ORT_THREADS: 'many' })).toThrow(/ORT_THREADS/);
  });

  it('loads a real model (the PP-OCR text detector) on the CPU', async () => {
    const session = await createOrtSession(detModelPath(), {
      useCuda: false,
      ortThreads: 1,
      modelDir: '',
      isnetFixedSize: false,
      isnetOptLevel: null,
      idleReleaseMs: 0,
    });
    expect(session.inputNames.length).toBe(1);
    await session.release();
  });
});
