/**
 * The picture-review decision on top of the NSFW classifier's five class probabilities.
 * Pure, so the policy is testable without the model.
 */

/** The five classes of nsfwjs, in the model's output order. */
export const NSFW_CLASS_NAMES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type NsfwClassName = (typeof NSFW_CLASS_NAMES)[number];
/** Probability per class, summing to about 1. */
export type NsfwProbabilities = Record<NsfwClassName, number>;

/** Status values of the picture-review reply. SPEC §4: 2 means rejected; anything else passes. */
export const PictureStatus = { PASSED: 1, REJECTED: 2 } as const;
export type PictureStatusValue = (typeof PictureStatus)[keyof typeof PictureStatus];

/**
 * A picture is rejected when the explicit classes together reach this probability.
 *
 * Why 0.85 on Porn + Hentai, and not the common "Porn > 0.5": with this model (InceptionV3, 299 px)
 * two ordinary clothed party photos scored Porn ≈ 0.49–0.51 and a footballer scored Sexy 0.99
 * (shared/guides/models/models-segmentation.md §3); the test photos here score Porn ≤ 0.01.
 * A threshold near 0.5 would block clothed people, so we block only confident explicit calls.
 * True-positive recall was not measured (no explicit test images are used in this project).
 */
export const EXPLICIT_REJECT_THRESHOLD = 0.85;
/** The classes whose probabilities add up to the explicit score. "Sexy" is deliberately absent. */
export const EXPLICIT_CLASSES: readonly NsfwClassName[] = ['Porn', 'Hentai'];

/** Probability of explicit content: Porn + Hentai, missing or non-finite values counting as 0. */
export function explicitScore(probs: Partial<NsfwProbabilities>): number {
  return EXPLICIT_CLASSES.reduce((sum, name) => {
    const p = probs[name];
    return sum + (typeof p === 'number' && Number.isFinite(p) ? p : 0);
  }, 0);
}

/**
 * Rejects (status 2) when Porn + Hentai ≥ {@link EXPLICIT_REJECT_THRESHOLD}; everything else,
 * including any amount of "Sexy" (clothed people, swimwear) or "Drawing", passes (status 1).
 * @example decidePictureStatus({ Drawing: 0, Hentai: 0.1, Neutral: 0, Porn: 0.8, Sexy: 0.1 }) // 2
 */
export function decidePictureStatus(probs: Partial<NsfwProbabilities>): PictureStatusValue {
  return explicitScore(probs) >= EXPLICIT_REJECT_THRESHOLD ? PictureStatus.REJECTED : PictureStatus.PASSED;
}
