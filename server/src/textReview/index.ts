export { registerTextReviewRoutes } from './textReviewRoutes';
export { openWordListFile, type WordListSource } from './wordListFile';
