/**
 * Generative tools (issue 19): which task types run on an external generation server, their
 * params with limits and defaults, style presets and aspect ratios. Shared by the pages (forms,
 * validation before submit) and the server (processors, workflows), so both read one table.
 */
import type { TaskType } from './taskTypes';

/** README heading "Running ComfyUI": pages link to `README.md#` + this anchor when no server is configured. */
export const COMFY_README_ANCHOR = 'running-comfyui';

/** Task types that need a ComfyUI server (COMFYUI_URL); without one they answer 1000003. */
export const COMFY_TASK_TYPES = [
  'aiGeneratePic',
  'aiImageToImage',
  'aiImgToImgComfyUiV1',
  'aiImgToImgComfyUiV2',
  'aiReplace',
  'aiReplaceClothes',
  'aiReplaceProduct',
  'aiReplaceBg',
  'aiReplaceClothesDetect',
  'aibg',
  'deoldify',
  'aiPainting',
] as const satisfies readonly TaskType[];

/** Task types for an AUTOMATIC1111 `--api` server (WEBUI_URL); with only COMFYUI_URL set they run on ComfyUI. */
export const WEBUI_TASK_TYPES = ['aiGeneratePicWebUi', 'aiImgToImgWebUi'] as const satisfies readonly TaskType[];

/** Local tools that use a learned ComfyUI workflow when a server is configured and their classical fill otherwise. */
export const LEARNED_WHEN_CONFIGURED = ['lama', 'elimination', 'aiextend'] as const satisfies readonly TaskType[];

export type GenerativeTaskType = (typeof COMFY_TASK_TYPES)[number] | (typeof WEBUI_TASK_TYPES)[number];
export const GENERATIVE_TASK_TYPES: readonly GenerativeTaskType[] = [...COMFY_TASK_TYPES, ...WEBUI_TASK_TYPES];
export const isGenerativeTaskType = (t: string): t is GenerativeTaskType => (GENERATIVE_TASK_TYPES as readonly string[]).includes(t);

/** Task types that make a picture from text alone: their submit needs no `imgUrl`. */
export const TEXT_ONLY_TASK_TYPES: readonly TaskType[] = ['aiGeneratePic', 'aiGeneratePicWebUi'];

/** Longest prompt / negative prompt, in characters (after translation too). */
export const PROMPT_MAX_CHARS = 1000;
/** How many pictures one request may ask for; the page submits one task per picture (each charged, each refunded alone). */
export const MAX_IMAGES_PER_REQUEST = 4;
/** Seeds are unsigned 32-bit, as ComfyUI and AUTOMATIC1111 both accept. */
export const SEED_MAX = 4_294_967_295;
/** Image-to-image strength (denoise): 0 keeps the photo, 1 ignores it. */
export const STRENGTH_MIN = 0.05;
export const STRENGTH_MAX = 1;
export const DEFAULT_STRENGTH = 0.6;
/** AI background custom image: how closely the new background follows the reference (slider 0-100). */
export const DEFAULT_SIMILARITY = 50;

/** Style presets: the page shows a translated name per id; the server adds `prompt` and `negative` to the user's. */
export interface StylePreset {
  id: string;
  prompt: string;
  negative: string;
}
export const STYLE_PRESETS: readonly StylePreset[] = [
  { id: 'none', prompt: '', negative: '' },
  { id: 'photo', prompt: 'professional photograph, natural light, sharp focus, highly detailed', negative: 'drawing, painting, cartoon' },
  { id: 'cinematic', prompt: 'cinematic film still, dramatic lighting, shallow depth of field, film grain', negative: 'cartoon, flat' },
  { id: 'anime', prompt: 'anime illustration, vibrant colours, clean line art', negative: 'photo, realistic' },
  { id: 'digital-art', prompt: 'digital art, concept art, highly detailed', negative: 'photo' },
  { id: 'oil-painting', prompt: 'oil painting, visible brush strokes, canvas texture', negative: 'photo, 3d render' },
  { id: 'watercolor', prompt: 'watercolour painting, soft washes, paper texture', negative: 'photo, 3d render' },
  { id: '3d-render', prompt: '3d render, octane, soft global illumination, studio lighting', negative: 'photo, painting' },
  { id: 'pixel-art', prompt: 'pixel art, 16-bit, limited palette', negative: 'photo, blurry' },
  { id: 'sketch', prompt: 'pencil sketch, graphite, cross-hatching, monochrome', negative: 'colour, photo' },
  { id: 'fantasy', prompt: 'fantasy art, ethereal, magical atmosphere, intricate', negative: 'photo' },
  { id: 'comic', prompt: 'comic book style, bold ink outlines, halftone shading', negative: 'photo' },
];
export const styleById = (id: string): StylePreset | undefined => STYLE_PRESETS.find((s) => s.id === id);

/** Aspect ratios of the generator, in sizes SDXL was trained on (about one megapixel, multiples of 64). */
export interface AspectRatio {
  id: string;
  width: number;
  height: number;
}
export const ASPECT_RATIOS: readonly AspectRatio[] = [
  { id: '1:1', width: 1024, height: 1024 },
  { id: '4:3', width: 1152, height: 896 },
  { id: '3:4', width: 896, height: 1152 },
  { id: '3:2', width: 1216, height: 832 },
  { id: '2:3', width: 832, height: 1216 },
  { id: '16:9', width: 1344, height: 768 },
  { id: '9:16', width: 768, height: 1344 },
];
export const DEFAULT_ASPECT_RATIO = '1:1';
export const aspectRatioById = (id: string): AspectRatio | undefined => ASPECT_RATIOS.find((a) => a.id === id);

/** Error texts the server answers (and pages may show) when no generation server is configured. */
export const NO_COMFY_MESSAGE = 'no image generation server (ComfyUI) is configured: set COMFYUI_URL, see the README section "Running ComfyUI"';
export const NO_WEBUI_MESSAGE =
  'no image generation server is configured: set WEBUI_URL (AUTOMATIC1111 --api) or COMFYUI_URL, see the README section "Running ComfyUI"';
