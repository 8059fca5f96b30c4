import sharp from 'sharp';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import { readInput, type Processor, type ProcessorContext } from '../tasks/processor';
import { extendLayout, parseExtendParams } from './aiextendLayout';
import { maskedRepaint } from '../comfy/generativeProcessors';
import { fillTextParams, reviewText } from '../comfy/generativeParams';
import { readParamFile } from '../tasks/paramFiles';
import { decodeInput, resizePng } from '../comfy/pictures';
import { runComfyJob } from '../comfy/runWorkflow';
import { sharedGenerationRuntime, type GenerationRuntime } from '../comfy/runtime';
import { loadWorkflowFile } from '../comfy/workflows';

/**
 * The local tools with a learned alternative (lama, elimination: LaMa inpainting; aiextend:
 * diffusion outpainting). Wrapped at the registry, so the classical processors stay as they are:
 * with COMFYUI_URL set the workflow runs; without it, or when the generation server cannot
 * do it (down, missing node pack or model, failed run), the classical fill answers as before.
 * A cancel, a refused picture or bad params are not "cannot do it" and are passed on.
 *
 * The eraser (`elimination`) offers the learned fill for large holes only (issue 26): a hole deeper than
 * {@link learnedHoleDepth} goes to LaMa, where copying patches runs out of coherent background; thin strokes and small
 * holes stay with the classical fill, which is exact there and costs no GPU time; quality 'fast' is always Telea. The
 * `lama` task ("refine") always asks for the learned fill. The result URL's `fill` says which one made it.
 */

const FALL_BACK_ON: ReadonlySet<number> = new Set([
  ResultCode.SERVICE_UNAVAILABLE,
  ResultCode.GPU_HANDLE_FAILED,
  ResultCode.DOWNLOAD_FAILED,
  ResultCode.POST_PROCESS_FAILED,
]);

type Learned = (ctx: ProcessorContext, rt: GenerationRuntime) => Promise<Buffer>;

const extend: Learned = async (ctx, rt) => {
  const params = parseExtendParams(ctx.params);
  const input = await decodeInput(await readInput(ctx));
  const photo = await sharp(input.png).flatten({ background: '#ffffff' }).png().toBuffer();
  const layout = extendLayout(params, input.width, input.height);
  const file = await loadWorkflowFile(rt.config.workflowDir, 'aiextend');
  const res = file.resolution ?? 768;
  const s = Math.min(1, Math.sqrt((res * res) / (layout.width * layout.height)));
  // ImagePadForOutpaint steps its pads by 8 and VAEEncodeForInpaint crops to multiples of 8: keep every side on the grid.
  const r8 = (v: number) => Math.max(0, Math.round(v / 8) * 8);
  const pw = Math.max(8, r8(input.width * s));
  const ph = Math.max(8, r8(input.height * s));
  const left = r8(layout.left * s);
  const top = r8(layout.top * s);
  const right = r8((layout.width - layout.left - input.width) * s);
  const bottom = r8((layout.height - layout.top - input.height) * s);
  const { prompt, seed } = fillTextParams(ctx.params);
  await reviewText(rt, prompt);
  const values = { left, top, right, bottom, seed, ...(prompt ? { prompt } : {}) };
  const result = await runComfyJob(ctx, file, values, [{ input: 'image', body: await resizePng(photo, pw, ph) }], rt);
  const frame = await resizePng(result, layout.width, layout.height);
  // The photo's own pixels go back unchanged, at full resolution.
  return sharp(frame)
    .composite([{ input: photo, left: layout.left, top: layout.top }])
    .png()
    .toBuffer();
};

const LEARNED: Record<'lama' | 'elimination' | 'aiextend', Learned> = {
  lama: maskedRepaint('lama', false),
  elimination: maskedRepaint('elimination', false),
  aiextend: extend,
};

/** Holes at least this deep (px to the nearest kept pixel) are "large": 24 px, or 2 % of the photo's short side. */
export function learnedHoleDepth(width: number, height: number): number {
  return Math.max(24, 0.02 * Math.min(width, height));
}

/** Whether this eraser task should try the learned fill (see the file comment). */
async function wantsLearned(type: 'lama' | 'elimination' | 'aiextend', ctx: ProcessorContext): Promise<boolean> {
  if (type !== 'elimination') return true;
  if (ctx.params.quality === 'fast') return false;
  const mask = await readParamFile(ctx, 'maskUrl');
  if (!mask) return true; // the learned path reports the missing mask as the classical one would
  const { deepestHole } = await import('./elimination');
  const { depth, width, height } = await deepestHole(mask);
  return depth >= learnedHoleDepth(width, height);
}

/** `classical` with the learned workflow first when a ComfyUI server is configured. */
export function withLearnedFill(
  type: 'lama' | 'elimination' | 'aiextend',
  classical: Processor,
  runtime: () => GenerationRuntime = () => sharedGenerationRuntime(),
): Processor {
  return async (ctx) => {
    let rt: GenerationRuntime;
    try {
      rt = runtime();
    } catch (err) {
      console.warn(`${type}: generation server misconfigured (${err instanceof Error ? err.message : String(err)}); using the classical fill`);
      return classical(ctx);
    }
    if (rt.config.comfy.length === 0) return classical(ctx);
    if (!(await wantsLearned(type, ctx))) return classical(ctx);
    try {
      const body = await LEARNED[type](ctx, rt);
      return { body, contentType: 'image/png', extension: 'png', ...(type === 'aiextend' ? {} : { resultQuery: { fill: 'learned' } }) };
    } catch (err) {
      if (!(err instanceof ApiError) || !FALL_BACK_ON.has(err.code)) throw err;
      rt.log(`${type}: the learned fill failed (${err.message}); using the classical fill`);
      await ctx.checkCancelled();
      return classical(ctx);
    }
  };
}
