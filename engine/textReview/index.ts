/** Text review (SPEC §5): the project's sensitive-word matcher. Pure: no DOM, no Node-only APIs. */
export { createTextReviewer, type TextReviewerOptions } from './reviewer';
export type { Segmenter } from './chinese';
export { normalizedView, normalizeCodePoint } from './normalize';
export { maskText } from './mask';
export { normalizeWordLists, EMPTY_WORD_LISTS, type NormalizedWordLists } from './wordLists';
export * from './remoteProtocol';
export { WORD_LIST_KEYS, type SensitiveWordLists, type TextReviewer, type TextReviewResult } from './types';
