/**
 * Prompt-safety bench (issue 13): `npm run bench:prompt-safety [-- --verbose] [--new-held-out] [--photo-apps] [--map-presets] [--system-texts] [--stamps] [--game-texts] [--recipe-apps]`.
 * Prints recall on evasions and false positives on innocent prompts of the text review, and English recall and
 * other-languages-called-English of language detection, on the tuning and the held-out sets
 * (bench/promptSafety/buildPromptSets.ts says where each comes from).
 */
import { measureLanguage } from './language';
import { measureTextReview } from './textReview';

const verbose = process.argv.includes('--verbose');
for (const row of measureTextReview(verbose)) console.log(row);
for (const row of await measureLanguage(
  verbose,
  process.argv.includes('--new-held-out'),
  process.argv.includes('--photo-apps'),
  process.argv.includes('--map-presets'),
  process.argv.includes('--system-texts'),
  process.argv.includes('--stamps'),
  process.argv.includes('--game-texts'),
  process.argv.includes('--recipe-apps'),
))
  console.log(row);
