/** The help page's question about the generative tools, opened by its anchor (src/site/pages/HelpPage.tsx). */
export const GENERATION_HELP_PATH = '/help#generator';
