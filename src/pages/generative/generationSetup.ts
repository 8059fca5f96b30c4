/**
 * Where an operator reads how to connect a generation server: the README's "Running ComfyUI" section. The build
 * copies README.md next to the web app (vite.config.ts), so the link works on every self-hosted copy without
 * naming a repository host.
 */
export const COMFYUI_README_ANCHOR = 'running-comfyui';
export const COMFYUI_README_URL = `/README.md#${COMFYUI_README_ANCHOR}`;
