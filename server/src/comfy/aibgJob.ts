import sharp from 'sharp';
import { AibgSource, aibgOption, type AibgSourceValue } from '../../../engine/spec/aiBackground';
import { DEFAULT_SIMILARITY, PROMPT_MAX_CHARS } from '../../../engine/spec/generation';
import { paramsInvalid } from '../envelope';
import { readInput, type ProcessorContext } from '../tasks/processor';
import { readParamFile } from '../tasks/paramFiles';
import { generativeParams, reviewText, seedOrRandom } from './generativeParams';
import { binaryMask, decodeInput, repaintAlpha, resizePng, withAlpha, workingSize } from './pictures';
import { runComfyJob, type JobImage } from './runWorkflow';
import type { GenerationRuntime } from './runtime';
import { loadWorkflowFile } from './workflows';

/**
 * AI background (task type `aibg`, SPEC §3 AI background params). The subject comes as a cut-out
 * (the input's transparency) or as `maskUrl` (white = subject); it is placed on a canvas of
 * canvasW × canvasH (default: the input's size), everything around it is generated, and the
 * subject's own pixels are laid back on top at full resolution.
 *
 * Background source (`source`, or inferred): None = the template of classifyCategoryId/optionId;
 * CustomPrompt = customPrompt; CustomImage = customFileUrl as a reference (cropped to
 * customImageRect, limited to customImageMaskFileUrl's white area) with customImageSimilarity 0-100.
 */
export async function aibgJob(ctx: ProcessorContext, rt: GenerationRuntime): Promise<Buffer> {
  const p = ctx.params;
  // Source, canvas, similarity and seed are checked by aibg's row of the task table.
  const checked = generativeParams('aibg', p);
  const source = sourceOf(checked.source as AibgSourceValue | undefined, p);
  let prompt: string;
  if (source === AibgSource.NONE) {
    const option = typeof p.classifyCategoryId === 'string' && typeof p.optionId === 'string' ? aibgOption(p.classifyCategoryId, p.optionId) : undefined;
    if (!option) throw paramsInvalid('classifyCategoryId and optionId must name a background template (or send customPrompt / customFileUrl)');
    prompt = option.prompt;
  } else {
    prompt = typeof p.customPrompt === 'string' ? p.customPrompt.trim().slice(0, PROMPT_MAX_CHARS) : '';
    if (source === AibgSource.CUSTOM_PROMPT && !prompt) throw paramsInvalid('customPrompt is required for the CustomPrompt source');
    await reviewText(rt, prompt);
  }

  // The subject as RGBA on the canvas, at full resolution.
  const raw = await readInput(ctx);
  const input = await decodeInput(raw);
  let subject = await sharp(input.png).ensureAlpha().png().toBuffer();
  const maskFile = await readParamFile(ctx, 'maskUrl');
  if (maskFile) {
    const alpha = await binaryMask(maskFile, input.width, input.height);
    subject = await withAlpha(input.png, alpha, input.width, input.height);
  } else {
    const stats = await sharp(subject).stats();
    if (stats.channels[3].min >= 250) throw paramsInvalid('aibg needs the subject: a cut-out with transparency, or maskUrl (white = subject)');
  }
  const canvasW = checked.canvasW === undefined ? input.width : Math.round(checked.canvasW);
  const canvasH = checked.canvasH === undefined ? input.height : Math.round(checked.canvasH);
  const placed = await sharp(subject)
    .resize(canvasW, canvasH, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();

  const name = source === AibgSource.CUSTOM_IMAGE ? 'aibg.customImage' : 'aibg';
  const file = await loadWorkflowFile(rt.config.workflowDir, name);
  const size = workingSize(canvasW, canvasH, file.resolution ?? (source === AibgSource.CUSTOM_IMAGE ? 1024 : 640));
  const small = await resizePng(placed, size.width, size.height);
  const alpha = await sharp(small).extractChannel(3).raw().toBuffer();
  const repaint = Buffer.from(alpha.map((a) => (a > 127 ? 0 : 255)));
  const images: JobImage[] = [
    {
      input: 'image',
      body: await sharp(small).flatten({ background: '#808080' }).png().toBuffer(),
      maskAlpha: await repaintAlpha(repaint, size.width, size.height),
    },
  ];
  const values: Record<string, string | number> = {
    prompt: prompt || 'a fitting background',
    negative_prompt: 'text, watermark, deformed',
    style: '',
    seed: seedOrRandom(checked.seed),
  };
  if (source === AibgSource.CUSTOM_IMAGE) {
    images.push({ input: 'reference', body: await referencePicture(ctx) });
    values.similarity = (checked.customImageSimilarity ?? DEFAULT_SIMILARITY) / 100;
  }
  const result = await runComfyJob(ctx, file, values, images, rt);
  const background = await resizePng(result, canvasW, canvasH);
  return sharp(background)
    .composite([{ input: placed }])
    .png()
    .toBuffer();
}

/** The source asked for, else the one the files and prompt imply. */
function sourceOf(asked: AibgSourceValue | undefined, p: Record<string, unknown>): AibgSourceValue {
  if (asked) return asked;
  if (p.customFileUrl) return AibgSource.CUSTOM_IMAGE;
  if (p.customPrompt) return AibgSource.CUSTOM_PROMPT;
  return AibgSource.NONE;
}

/** The reference of a CustomImage background: cropped to customImageRect, grey outside customImageMaskFileUrl. */
async function referencePicture(ctx: ProcessorContext): Promise<Buffer> {
  const file = await readParamFile(ctx, 'customFileUrl');
  if (!file) throw paramsInvalid('customFileUrl is required for the CustomImage source');
  const ref = await decodeInput(file, 'the custom image');
  const maskFile = await readParamFile(ctx, 'customImageMaskFileUrl');
  const { width, height } = ref;
  let png = await sharp(ref.png).flatten({ background: '#808080' }).png().toBuffer();
  if (maskFile) {
    const keep = await binaryMask(maskFile, width, height);
    const grey = await sharp({ create: { width, height, channels: 4, background: '#808080ff' } })
      .png()
      .toBuffer();
    const cut = await withAlpha(png, keep, width, height);
    png = await sharp(grey)
      .composite([{ input: cut }])
      .removeAlpha()
      .png()
      .toBuffer();
  }
  const rect = ctx.params.customImageRect as { x?: unknown; y?: unknown; w?: unknown; h?: unknown } | undefined;
  if (rect !== undefined && rect !== null) {
    const [x, y, w, h] = [rect.x, rect.y, rect.w, rect.h].map((v) => Math.round(Number(v)));
    if (![x, y, w, h].every(Number.isFinite) || x < 0 || y < 0 || w < 8 || h < 8 || x + w > width || y + h > height) {
      throw paramsInvalid(`customImageRect must lie inside the custom image (${width}×${height})`);
    }
    png = await sharp(png).extract({ left: x, top: y, width: w, height: h }).png().toBuffer();
  }
  return png;
}
