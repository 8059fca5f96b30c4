export { registerTextReviewRoutes, type TextReviewRouteOptions } from './textReviewRoutes';
export { openWordListFile, wordListPath, DEFAULT_WORDS_FILE, type WordListSource, type LoadedWordLists } from './wordListFile';
