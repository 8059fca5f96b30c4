/**
 * What ComfyUI accepts for each widget input of the node classes our workflows use: the option list of a
 * combo, the models folder a file name must be in, or an INT/FLOAT range. ComfyUI's `POST /prompt` refuses
 * anything else (execution.py validate_inputs: value_not_in_list, value_smaller_than_min,
 * value_bigger_than_max); the protocol test server refuses it the same way (inputValueCheck.ts).
 *
 * Read from the sources, not recalled:
 * - ComfyUI (Comfy-Org/ComfyUI): nodes.py at 02217e3 (MAX_RESOLUTION, core nodes), comfy/samplers.py at 311c014
 *   (KSAMPLER_NAMES + ddim/uni_pc, SCHEDULER_HANDLERS), comfy_extras/nodes_mask.py at d9ac00e,
 *   nodes_canny.py and nodes_post_processing.py (ImageScaleToTotalPixels) of the same line;
 * - comfyui_segment_anything (model name lists, threshold), ComfyUI_IPAdapter_plus (IPAdapterSimple,
 *   IPAdapterUnifiedLoader), ComfyUI-DDColor (checkpoint list), comfyui-inpaint-nodes (seed).
 * Older ComfyUI releases have fewer samplers and schedulers (ours, dpmpp_2m and karras, are in all of them)
 * and no `resolution_steps` on ImageScaleToTotalPixels, which no workflow here uses.
 */

export type InputLimit =
  | { options: readonly string[] }
  /** A file name from this models folder (folder_paths.get_filename_list): the server's own list. */
  | { folder: string }
  | { min: number; max: number };

const MAX_RESOLUTION = 16384;
const SEED_MAX = 2 ** 64 - 1; // 0xffffffffffffffff
const size = { min: 0, max: MAX_RESOLUTION };
const unit = { min: 0, max: 1 };

const KSAMPLER_SAMPLERS: readonly string[] = [
  'euler',
  'euler_cfg_pp',
  'euler_ancestral',
  'euler_ancestral_cfg_pp',
  'heun',
  'heunpp2',
  'exp_heun_2_x0',
  'exp_heun_2_x0_sde',
  'dpm_2',
  'dpm_2_ancestral',
  'lms',
  'dpm_fast',
  'dpm_adaptive',
  'dpmpp_2s_ancestral',
  'dpmpp_2s_ancestral_cfg_pp',
  'dpmpp_sde',
  'dpmpp_sde_gpu',
  'dpmpp_2m',
  'dpmpp_2m_cfg_pp',
  'dpmpp_2m_sde',
  'dpmpp_2m_sde_gpu',
  'dpmpp_2m_sde_heun',
  'dpmpp_2m_sde_heun_gpu',
  'dpmpp_3m_sde',
  'dpmpp_3m_sde_gpu',
  'ddpm',
  'lcm',
  'ipndm',
  'ipndm_v',
  'deis',
  'cfgpp_ud10_ab',
  'res_multistep',
  'res_multistep_cfg_pp',
  'res_multistep_ancestral',
  'res_multistep_ancestral_cfg_pp',
  'gradient_estimation',
  'gradient_estimation_cfg_pp',
  'er_sde',
  'seeds_2',
  'seeds_3',
  'sa_solver',
  'sa_solver_pece',
  'ddim',
  'uni_pc',
  'uni_pc_bh2',
];

const KSAMPLER_SCHEDULERS: readonly string[] = [
  'simple',
  'sgm_uniform',
  'karras',
  'exponential',
  'ddim_uniform',
  'beta',
  'normal',
  'linear_quadratic',
  'kl_optimal',
];

const UPSCALE_METHODS = ['nearest-exact', 'bilinear', 'area', 'bicubic', 'lanczos'];

export const NODE_INPUT_LIMITS: Readonly<Record<string, Readonly<Record<string, InputLimit>>>> = {
  CheckpointLoaderSimple: { ckpt_name: { folder: 'checkpoints' } },
  EmptyLatentImage: { width: { min: 16, max: MAX_RESOLUTION }, height: { min: 16, max: MAX_RESOLUTION }, batch_size: { min: 1, max: 4096 } },
  KSampler: {
    seed: { min: 0, max: SEED_MAX },
    steps: { min: 1, max: 10000 },
    cfg: { min: 0, max: 100 },
    sampler_name: { options: KSAMPLER_SAMPLERS },
    scheduler: { options: KSAMPLER_SCHEDULERS },
    denoise: unit,
  },
  VAEEncodeForInpaint: { grow_mask_by: { min: 0, max: 64 } },
  LoadImageMask: { channel: { options: ['alpha', 'red', 'green', 'blue'] } },
  ImageScale: { upscale_method: { options: UPSCALE_METHODS }, width: size, height: size, crop: { options: ['disabled', 'center'] } },
  ImageScaleToTotalPixels: { upscale_method: { options: UPSCALE_METHODS }, megapixels: { min: 0.01, max: 16 }, resolution_steps: { min: 1, max: 256 } },
  ImagePadForOutpaint: { left: size, top: size, right: size, bottom: size, feathering: size },
  ImageCompositeMasked: { x: size, y: size },
  GrowMask: { expand: { min: -MAX_RESOLUTION, max: MAX_RESOLUTION } },
  ControlNetLoader: { control_net_name: { folder: 'controlnet' } },
  ControlNetApplyAdvanced: { strength: { min: 0, max: 10 }, start_percent: unit, end_percent: unit },
  Canny: { low_threshold: { min: 0.01, max: 0.99 }, high_threshold: { min: 0.01, max: 0.99 } },
  INPAINT_LoadInpaintModel: { model_name: { folder: 'inpaint' } },
  INPAINT_InpaintWithModel: { seed: { min: 0, max: SEED_MAX } },
  'SAMModelLoader (segment anything)': {
    model_name: {
      options: [
        'sam_vit_h (2.56GB)',
        'sam_vit_l (1.25GB)',
        'sam_vit_b (375MB)',
        'sam_hq_vit_h (2.57GB)',
        'sam_hq_vit_l (1.25GB)',
        'sam_hq_vit_b (379MB)',
        'mobile_sam(39MB)',
      ],
    },
  },
  'GroundingDinoModelLoader (segment anything)': { model_name: { options: ['GroundingDINO_SwinT_OGC (694MB)', 'GroundingDINO_SwinB (938MB)'] } },
  'GroundingDinoSAMSegment (segment anything)': { threshold: unit },
  IPAdapterUnifiedLoader: {
    preset: {
      options: [
        'LIGHT - SD1.5 only (low strength)',
        'STANDARD (medium strength)',
        'VIT-G (medium strength)',
        'PLUS (high strength)',
        'PLUS FACE (portraits)',
        'FULL FACE - SD1.5 only (portraits stronger)',
      ],
    },
  },
  IPAdapter: {
    weight: { min: -1, max: 3 },
    start_at: unit,
    end_at: unit,
    weight_type: { options: ['standard', 'prompt is more important', 'style transfer'] },
  },
  DDColor_Colorize: {
    model_input_size: { min: 0, max: SEED_MAX },
    checkpoint: { options: ['ddcolor_paper_tiny.pth', 'ddcolor_paper.pth', 'ddcolor_modelscope.pth', 'ddcolor_artistic.pth'] },
  },
};
