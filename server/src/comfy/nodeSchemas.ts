import { NODE_INPUT_LIMITS } from './nodeInputLimits';

/**
 * The ComfyUI node classes our workflows use, with their inputs and outputs as ComfyUI's
 * `GET /object_info` describes them. Two users: the workflow check (workflowCheck.ts), which
 * the protocol test server and the conformance tests run on every workflow we submit, and the
 * health check, which asks a real server whether each class (and so each node pack) is installed.
 *
 * Types are ComfyUI's: IMAGE, MASK, LATENT… for links; INT, FLOAT, STRING, BOOLEAN for widgets
 * (a combo such as a model file name is a STRING here).
 */

export type WidgetType = 'INT' | 'FLOAT' | 'STRING' | 'BOOLEAN';
export type LinkType =
  | 'MODEL'
  | 'CLIP'
  | 'VAE'
  | 'CONDITIONING'
  | 'LATENT'
  | 'IMAGE'
  | 'MASK'
  | 'CONTROL_NET'
  | 'INPAINT_MODEL'
  | 'UPSCALE_MODEL'
  | 'SAM_MODEL'
  | 'GROUNDING_DINO_MODEL'
  | 'IPADAPTER';
export type InputType = WidgetType | LinkType;

export interface NodeSchema {
  required: Record<string, InputType>;
  optional?: Record<string, InputType>;
  outputs: LinkType[];
  /** An output node (SaveImage): what the prompt exists to produce. */
  output?: boolean;
  /** Where the class comes from: "core" or the node pack to install. */
  pack: string;
}

const CORE = 'core';
const INPAINT_PACK = 'comfyui-inpaint-nodes (Acly)';
const SAM_PACK = 'comfyui_segment_anything (storyicon)';
const IPADAPTER_PACK = 'ComfyUI_IPAdapter_plus (cubiq)';
const DDCOLOR_PACK = 'ComfyUI-DDColor (kijai)';

export const NODE_SCHEMAS: Record<string, NodeSchema> = {
  CheckpointLoaderSimple: { required: { ckpt_name: 'STRING' }, outputs: ['MODEL', 'CLIP', 'VAE'], pack: CORE },
  CLIPTextEncode: { required: { text: 'STRING', clip: 'CLIP' }, outputs: ['CONDITIONING'], pack: CORE },
  EmptyLatentImage: { required: { width: 'INT', height: 'INT', batch_size: 'INT' }, outputs: ['LATENT'], pack: CORE },
  KSampler: {
    required: {
      model: 'MODEL',
      seed: 'INT',
      steps: 'INT',
      cfg: 'FLOAT',
      sampler_name: 'STRING',
      scheduler: 'STRING',
      positive: 'CONDITIONING',
      negative: 'CONDITIONING',
      latent_image: 'LATENT',
      denoise: 'FLOAT',
    },
    outputs: ['LATENT'],
    pack: CORE,
  },
  VAEDecode: { required: { samples: 'LATENT', vae: 'VAE' }, outputs: ['IMAGE'], pack: CORE },
  VAEEncode: { required: { pixels: 'IMAGE', vae: 'VAE' }, outputs: ['LATENT'], pack: CORE },
  VAEEncodeForInpaint: { required: { pixels: 'IMAGE', vae: 'VAE', mask: 'MASK', grow_mask_by: 'INT' }, outputs: ['LATENT'], pack: CORE },
  InpaintModelConditioning: {
    required: { positive: 'CONDITIONING', negative: 'CONDITIONING', vae: 'VAE', pixels: 'IMAGE', mask: 'MASK', noise_mask: 'BOOLEAN' },
    outputs: ['CONDITIONING', 'CONDITIONING', 'LATENT'],
    pack: CORE,
  },
  SaveImage: { required: { images: 'IMAGE', filename_prefix: 'STRING' }, outputs: [], output: true, pack: CORE },
  LoadImage: { required: { image: 'STRING' }, outputs: ['IMAGE', 'MASK'], pack: CORE },
  LoadImageMask: { required: { image: 'STRING', channel: 'STRING' }, outputs: ['MASK'], pack: CORE },
  ImageScale: {
    required: { image: 'IMAGE', upscale_method: 'STRING', width: 'INT', height: 'INT', crop: 'STRING' },
    outputs: ['IMAGE'],
    pack: CORE,
  },
  ImageScaleToTotalPixels: {
    required: { image: 'IMAGE', upscale_method: 'STRING', megapixels: 'FLOAT', resolution_steps: 'INT' },
    outputs: ['IMAGE'],
    pack: CORE,
  },
  ImagePadForOutpaint: {
    required: { image: 'IMAGE', left: 'INT', top: 'INT', right: 'INT', bottom: 'INT', feathering: 'INT' },
    outputs: ['IMAGE', 'MASK'],
    pack: CORE,
  },
  ImageCompositeMasked: {
    required: { destination: 'IMAGE', source: 'IMAGE', x: 'INT', y: 'INT', resize_source: 'BOOLEAN' },
    optional: { mask: 'MASK' },
    outputs: ['IMAGE'],
    pack: CORE,
  },
  InvertMask: { required: { mask: 'MASK' }, outputs: ['MASK'], pack: CORE },
  GrowMask: { required: { mask: 'MASK', expand: 'INT', tapered_corners: 'BOOLEAN' }, outputs: ['MASK'], pack: CORE },
  MaskToImage: { required: { mask: 'MASK' }, outputs: ['IMAGE'], pack: CORE },
  ControlNetLoader: { required: { control_net_name: 'STRING' }, outputs: ['CONTROL_NET'], pack: CORE },
  ControlNetApplyAdvanced: {
    required: {
      positive: 'CONDITIONING',
      negative: 'CONDITIONING',
      control_net: 'CONTROL_NET',
      image: 'IMAGE',
      strength: 'FLOAT',
      start_percent: 'FLOAT',
      end_percent: 'FLOAT',
    },
    optional: { vae: 'VAE' },
    outputs: ['CONDITIONING', 'CONDITIONING'],
    pack: CORE,
  },
  Canny: { required: { image: 'IMAGE', low_threshold: 'FLOAT', high_threshold: 'FLOAT' }, outputs: ['IMAGE'], pack: CORE },
  INPAINT_LoadInpaintModel: { required: { model_name: 'STRING' }, outputs: ['INPAINT_MODEL'], pack: INPAINT_PACK },
  INPAINT_InpaintWithModel: {
    required: { inpaint_model: 'INPAINT_MODEL', image: 'IMAGE', mask: 'MASK', seed: 'INT' },
    optional: { optional_upscale_model: 'UPSCALE_MODEL' },
    outputs: ['IMAGE'],
    pack: INPAINT_PACK,
  },
  'SAMModelLoader (segment anything)': { required: { model_name: 'STRING' }, outputs: ['SAM_MODEL'], pack: SAM_PACK },
  'GroundingDinoModelLoader (segment anything)': { required: { model_name: 'STRING' }, outputs: ['GROUNDING_DINO_MODEL'], pack: SAM_PACK },
  'GroundingDinoSAMSegment (segment anything)': {
    required: { sam_model: 'SAM_MODEL', grounding_dino_model: 'GROUNDING_DINO_MODEL', image: 'IMAGE', prompt: 'STRING', threshold: 'FLOAT' },
    outputs: ['IMAGE', 'MASK'],
    pack: SAM_PACK,
  },
  IPAdapterUnifiedLoader: {
    required: { model: 'MODEL', preset: 'STRING' },
    optional: { ipadapter: 'IPADAPTER' },
    outputs: ['MODEL', 'IPADAPTER'],
    pack: IPADAPTER_PACK,
  },
  IPAdapter: {
    required: { model: 'MODEL', ipadapter: 'IPADAPTER', image: 'IMAGE', weight: 'FLOAT', start_at: 'FLOAT', end_at: 'FLOAT', weight_type: 'STRING' },
    optional: { attn_mask: 'MASK' },
    outputs: ['MODEL'],
    pack: IPADAPTER_PACK,
  },
  DDColor_Colorize: { required: { image: 'IMAGE', model_input_size: 'INT', checkpoint: 'STRING' }, outputs: ['IMAGE'], pack: DDCOLOR_PACK },
};

const WIDGETS: ReadonlySet<string> = new Set(['INT', 'FLOAT', 'STRING', 'BOOLEAN']);
export const isWidgetType = (t: InputType): t is WidgetType => WIDGETS.has(t);

/**
 * The schemas in ComfyUI's `GET /object_info` shape (what the protocol test server answers): a combo as its
 * option list (a file input as the names in `files[folder]`), a number with its min and max (nodeInputLimits.ts).
 */
export function objectInfo(
  schemas: Record<string, NodeSchema> = NODE_SCHEMAS,
  files: Readonly<Record<string, readonly string[]>> = {},
): Record<string, unknown> {
  const info: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(schemas)) {
    const limits = NODE_INPUT_LIMITS[name] ?? {};
    const one = (k: string, t: InputType): unknown[] => {
      const l = limits[k];
      if (l && 'options' in l) return [[...l.options]];
      if (l && 'folder' in l) return [[...(files[l.folder] ?? [])]];
      if (l && 'min' in l) return [t, { min: l.min, max: l.max }];
      return [t];
    };
    const spec = (inputs: Record<string, InputType>) => Object.fromEntries(Object.entries(inputs).map(([k, t]) => [k, one(k, t)]));
    info[name] = {
      input: { required: spec(s.required), ...(s.optional ? { optional: spec(s.optional) } : {}) },
      output: s.outputs,
      output_node: Boolean(s.output),
      name,
      display_name: name,
      category: s.pack,
      python_module: s.pack === CORE ? 'nodes' : `custom_nodes.${s.pack.split(' ')[0]}`,
    };
  }
  return info;
}
