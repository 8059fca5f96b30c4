/** Translation of prompts into English (SPEC §4 "Translation"): the interface, its back ends and the factory. */
export { ApertiumTranslator, type ApertiumOptions } from './apertium';
export { ChainTranslator, createTranslator } from './createTranslator';
export { LibreTranslateTranslator, type LibreTranslateOptions } from './libreTranslate';
export {
  TranslateFailedError, TranslateUnavailableError, type TranslationResult, type Translator,
} from './translator';
