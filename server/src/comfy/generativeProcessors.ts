import sharp from 'sharp';
import { ResultCode } from '../../../engine/spec/errors';
import {
  COMFY_TASK_TYPES,
  DEFAULT_ASPECT_RATIO,
  NO_COMFY_MESSAGE,
  NO_WEBUI_MESSAGE,
  WEBUI_TASK_TYPES,
  aspectRatioById,
  type GenerativeTaskType,
} from '../../../engine/spec/generation';
import type { TaskType } from '../../../engine/spec/taskTypes';
import { ApiError, paramsInvalid } from '../envelope';
import { readInput, type Processor, type ProcessorContext, type ProcessorOutput } from '../tasks/processor';
import { readParamFile } from '../tasks/paramFiles';
import { generativeParams, strengthOr, targetOf, textParams, type GenerativeParams } from './generativeParams';
import { binaryMask, decodeInput, isEmptyMask, pasteInside, repaintAlpha, resizePng, workingSize, type Decoded } from './pictures';
import { aibgJob } from './aibgJob';
import { runComfyJob } from './runWorkflow';
import { sharedGenerationRuntime, type GenerationRuntime } from './runtime';
import { runWebUiJob } from './webuiJob';
import { loadWorkflowFile, type WorkflowFile } from './workflows';

/**
 * Processors of the generative task types (issue 19): each parses its params with its row of the task
 * table (engine/spec/tasks, through generativeParams.ts), prepares the pictures, fills its workflow file and runs it on
 * ComfyUI (or AUTOMATIC1111 for the webui types). Without a configured server each answers
 * 1000003 at submit (its `unavailable` reason) and, should one get queued anyway, when it runs.
 */

type Job = (ctx: ProcessorContext, rt: GenerationRuntime) => Promise<Buffer>;
const png = (body: Buffer): ProcessorOutput => ({ body, contentType: 'image/png', extension: 'png' });
const fileFor = (rt: GenerationRuntime, name: string): Promise<WorkflowFile> => loadWorkflowFile(rt.config.workflowDir, name);
const inputOf = async (ctx: ProcessorContext): Promise<Decoded> => decodeInput(await readInput(ctx));

/** Output size from explicit `width`/`height`, else `aspectRatio` (the table checked both), fitted to `resolution`. */
export function outputSize(p: GenerativeParams, resolution?: number): { width: number; height: number } {
  // The table's ids are the ratios' ids and it allows width only with height.
  const ratio = aspectRatioById(p.aspectRatio ?? DEFAULT_ASPECT_RATIO)!;
  const size = p.width !== undefined && p.height !== undefined ? { width: p.width, height: p.height } : { width: ratio.width, height: ratio.height };
  return resolution ? workingSize(size.width, size.height, resolution) : size;
}

const textToImage =
  (type: 'aiGeneratePic' | 'aiGeneratePicWebUi'): Job =>
  async (ctx, rt) => {
    const p = generativeParams(type, ctx.params);
    const file = await fileFor(rt, type);
    const t = await textParams(p, rt);
    const useWebUi = type === 'aiGeneratePicWebUi' && rt.webuiPool.size > 0;
    const size = outputSize(p, useWebUi ? undefined : file.resolution);
    const values = { prompt: t.prompt, negative_prompt: t.negativePrompt, style: t.style, seed: t.seed, ...size };
    return useWebUi ? runWebUiJob(ctx, file, values, rt) : runComfyJob(ctx, file, values, [], rt);
  };

const imageToImage =
  (type: GenerativeTaskType, defaults: { style?: string; strength?: number; prompt?: string } = {}): Job =>
  async (ctx, rt) => {
    const p = generativeParams(type, ctx.params);
    const file = await fileFor(rt, type);
    const input = await inputOf(ctx);
    const t = await textParams(p, rt, defaults.prompt, defaults.style);
    const size = workingSize(input.width, input.height, file.resolution ?? 1024);
    const values = {
      prompt: t.prompt,
      negative_prompt: t.negativePrompt,
      style: t.style,
      seed: t.seed,
      strength: strengthOr(p.strength, defaults.strength),
      ...size,
    };
    const flat = await sharp(input.png).flatten({ background: '#ffffff' }).png().toBuffer();
    if (file.webui && rt.webuiPool.size > 0) {
      return runWebUiJob(ctx, file, { ...values, image_base64: (await resizePng(flat, size.width, size.height)).toString('base64') }, rt);
    }
    return runComfyJob(ctx, file, values, [{ input: 'image', body: flat }], rt);
  };

/** Masked repaint (aiReplace, and the learned eraser): the result is pasted into the photo inside the mask only. */
export const maskedRepaint =
  (type: TaskType, needsPrompt: boolean): Job =>
  async (ctx, rt) => {
    const file = await fileFor(rt, type);
    const input = await inputOf(ctx);
    const maskFile = await readParamFile(ctx, 'maskUrl');
    if (!maskFile) throw paramsInvalid('maskUrl is required: upload a PNG mask of the photo size, white where to repaint');
    const region = await binaryMask(maskFile, input.width, input.height);
    if (isEmptyMask(region)) throw paramsInvalid('the mask is empty: paint over what to replace');
    // aiReplace is a generative row; the learned erasers (lama, elimination) are not, and send no text.
    const t = needsPrompt
      ? await textParams(generativeParams('aiReplace', ctx.params), rt)
      : { prompt: '', negativePrompt: '', style: '', seed: Number(ctx.params.seed ?? 0) || 0 };
    const long = Math.max(input.width, input.height);
    const size = file.resolution
      ? workingSize(input.width, input.height, file.resolution)
      : {
          width: Math.round((input.width * Math.min(1, 1536 / long)) / 8) * 8 || 8,
          height: Math.round((input.height * Math.min(1, 1536 / long)) / 8) * 8 || 8,
        };
    const work = await resizePng(await sharp(input.png).flatten({ background: '#ffffff' }).png().toBuffer(), size.width, size.height);
    const alpha = await repaintAlpha(await binaryMask(maskFile, size.width, size.height), size.width, size.height);
    const values = { prompt: t.prompt, negative_prompt: t.negativePrompt, style: t.style, seed: t.seed };
    const result = await runComfyJob(ctx, file, values, [{ input: 'image', body: work, maskAlpha: alpha }], rt);
    return pasteInside(input, result, region);
  };

/** Detection-driven tools (clothes, try-on, background replacer): the workflow finds the area itself. */
const detected =
  (type: 'aiReplaceClothes' | 'aiReplaceProduct' | 'aiReplaceBg' | 'aiReplaceClothesDetect'): Job =>
  async (ctx, rt) => {
    const p = generativeParams(type, ctx.params);
    const file = await fileFor(rt, type);
    const input = await inputOf(ctx);
    const size = workingSize(input.width, input.height, file.resolution ?? 768);
    const work = await resizePng(await sharp(input.png).flatten({ background: '#ffffff' }).png().toBuffer(), size.width, size.height);
    const images = [{ input: 'image', body: work }];
    let values: Record<string, string | number> = {};
    const target = targetOf(p.target);
    if (type === 'aiReplaceClothesDetect') {
      values = target ? { target } : {};
    } else {
      const defaultPrompt = type === 'aiReplaceProduct' ? 'wearing the garment of the reference photo, natural fit, realistic fabric' : undefined;
      const t = await textParams(p, rt, defaultPrompt);
      values = { prompt: t.prompt, negative_prompt: t.negativePrompt, style: t.style, seed: t.seed, ...(target ? { target } : {}) };
      if (type === 'aiReplaceBg') {
        const subject = targetOf(p.subject);
        if (subject) values.subject = subject;
      }
      if (type === 'aiReplaceProduct') {
        const product = await readParamFile(ctx, 'productUrl');
        if (!product) throw paramsInvalid('productUrl is required: upload the product (garment) photo');
        images.push({ input: 'reference', body: (await decodeInput(product, 'the product photo')).png });
        values.similarity = (p.similarity ?? 80) / 100;
      }
    }
    const result = await runComfyJob(ctx, file, values, images, rt);
    return resizePng(result, input.width, input.height);
  };

const colourise: Job = async (ctx, rt) => {
  const file = await fileFor(rt, 'deoldify');
  const input = await inputOf(ctx);
  const long = Math.max(input.width, input.height);
  const scale = Math.min(1, 2048 / long);
  const w = Math.max(1, Math.round(input.width * scale));
  const h = Math.max(1, Math.round(input.height * scale));
  const work = await resizePng(await sharp(input.png).flatten({ background: '#ffffff' }).png().toBuffer(), w, h);
  const result = await runComfyJob(ctx, file, {}, [{ input: 'image', body: work }], rt);
  return resizePng(result, input.width, input.height);
};

const JOBS: Record<GenerativeTaskType, Job> = {
  aiGeneratePic: textToImage('aiGeneratePic'),
  aiGeneratePicWebUi: textToImage('aiGeneratePicWebUi'),
  aiImageToImage: imageToImage('aiImageToImage'),
  aiImgToImgComfyUiV1: imageToImage('aiImgToImgComfyUiV1'),
  aiImgToImgComfyUiV2: imageToImage('aiImgToImgComfyUiV2', { strength: 0.75 }),
  aiImgToImgWebUi: imageToImage('aiImgToImgWebUi'),
  aiPainting: imageToImage('aiPainting', { style: 'oil-painting', strength: 0.55, prompt: 'a painting' }),
  aiReplace: maskedRepaint('aiReplace', true),
  aiReplaceClothes: detected('aiReplaceClothes'),
  aiReplaceProduct: detected('aiReplaceProduct'),
  aiReplaceBg: detected('aiReplaceBg'),
  aiReplaceClothesDetect: detected('aiReplaceClothesDetect'),
  aibg: aibgJob,
  deoldify: colourise,
};

/** Why `type` cannot run now (no server configured), or null. */
export function generationUnavailable(type: GenerativeTaskType, rt: GenerationRuntime): string | null {
  if ((WEBUI_TASK_TYPES as readonly string[]).includes(type)) return rt.config.webui.length + rt.config.comfy.length > 0 ? null : NO_WEBUI_MESSAGE;
  return rt.config.comfy.length > 0 ? null : NO_COMFY_MESSAGE;
}

/** A processor for `type` on the runtime `runtime()` (default: the process-wide one of the process configuration, config/processConfig.ts). */
export function generativeProcessor(type: GenerativeTaskType, runtime: () => GenerationRuntime = () => sharedGenerationRuntime()): Processor {
  // A malformed COMFYUI_URL / WEBUI_URL is the operator's mistake: the tools say so (1000003) rather than fail with 500.
  const runtimeOrReason = (): GenerationRuntime | string => {
    try {
      return runtime();
    } catch (err) {
      return `the generation server is misconfigured: ${err instanceof Error ? err.message : String(err)}`;
    }
  };
  const processor: Processor = async (ctx) => {
    const rt = runtimeOrReason();
    const reason = typeof rt === 'string' ? rt : generationUnavailable(type, rt);
    if (reason || typeof rt === 'string') throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, reason ?? '');
    return png(await JOBS[type](ctx, rt));
  };
  processor.unavailable = () => {
    const rt = runtimeOrReason();
    return typeof rt === 'string' ? rt : generationUnavailable(type, rt);
  };
  return processor;
}

/** Every generative task type's processor, for the registry (server/src/processors/index.ts). */
export function generativeProcessors(runtime?: () => GenerationRuntime): Record<GenerativeTaskType, Processor> {
  const all = [...COMFY_TASK_TYPES, ...WEBUI_TASK_TYPES] as GenerativeTaskType[];
  return Object.fromEntries(all.map((t) => [t, generativeProcessor(t, runtime)])) as Record<GenerativeTaskType, Processor>;
}
