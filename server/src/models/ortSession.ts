/**
 * The one place model sessions are made: every onnxruntime model of the server (IS-Net, Real-ESRGAN, the
 * PP-OCR detector and recogniser) gets its options here, so USE_CUDA and ORT_THREADS (server/src/config.ts)
 * mean the same for all of them.
 */
import type { InferenceSession } from 'onnxruntime-node';
import type { ModelRuntimeConfig } from '../config';
import { processConfig } from '../config/processConfig';

/**
 * Session options: CUDA first when USE_CUDA=1 (the CPU provider stays as fallback for unsupported nodes),
 * ORT_THREADS intra-op threads, one inter-op thread (the graphs are sequential), and no CPU memory arena
 * (same speed, a quarter of the memory, models-segmentation.md).
 */
export function ortSessionOptions(runtime: ModelRuntimeConfig = processConfig().models): InferenceSession.SessionOptions {
  return {
    executionProviders: runtime.useCuda ? ['cuda', 'cpu'] : ['cpu'],
    intraOpNumThreads: runtime.ortThreads,
    interOpNumThreads: 1,
    enableCpuMemArena: false,
    graphOptimizationLevel: 'all',
  };
}

/** Creates a session for a model file with {@link ortSessionOptions}, plus a model's own `overrides`. */
export async function createOrtSession(
  modelPath: string,
  runtime?: ModelRuntimeConfig,
  overrides: InferenceSession.SessionOptions = {},
): Promise<InferenceSession> {
  const ort = await import('onnxruntime-node');
  return ort.InferenceSession.create(modelPath, { ...ortSessionOptions(runtime), ...overrides });
}
