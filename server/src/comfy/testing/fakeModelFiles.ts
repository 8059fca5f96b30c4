import type { ModelFiles } from '../inputValueCheck';

/**
 * The model files the protocol test server pretends to have, per ComfyUI models folder: exactly those the
 * shipped workflows load (workflows.test.ts keeps the two in step). A test can start a server without one
 * to see ComfyUI's refusal of a missing model (value_not_in_list).
 */
export const DEFAULT_MODEL_FILES: ModelFiles = {
  checkpoints: ['sd-v1-5-inpainting.ckpt', 'sd_xl_base_1.0.safetensors', 'v1-5-pruned-emaonly.safetensors'],
  controlnet: ['diffusers_xl_canny_mid.safetensors'],
  inpaint: ['big-lama.pt'],
};
