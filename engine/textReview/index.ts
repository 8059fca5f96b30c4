/** Text review (SPEC §5): the project's sensitive-word matcher. Pure: no DOM, no Node-only APIs. */
export { createTextReviewer } from './reviewer';
export type { Segmenter } from './chinese';
export { normalizeWordLists } from './wordLists';
export * from './remoteProtocol';
export type { SensitiveWordLists, TextReviewer, TextReviewResult } from './types';
