/** Translation of prompts into English (SPEC §4 "Translation"): the factory that picks the back ends. */
export { createTranslator } from './createTranslator';
