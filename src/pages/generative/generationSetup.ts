/**
 * Where an operator reads how to connect a generation server: the README's "Running ComfyUI" section (its
 * anchor is shared with the server's README test, engine/spec/generation.ts). The build copies README.md next
 * to the web app (vite.config.ts), so the link works on every self-hosted copy without naming a repository host.
 */
import { COMFY_README_ANCHOR } from '../../../engine/spec/generation';

export const COMFYUI_README_URL = `/README.md#${COMFY_README_ANCHOR}`;

/** The help page's question about the generative tools, opened by its anchor (src/site/pages/HelpPage.tsx). */
export const GENERATION_HELP_PATH = '/help#generator';
