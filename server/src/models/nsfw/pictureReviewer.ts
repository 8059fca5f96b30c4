import { NsfwClassifier } from './nsfwClassifier';
import { decidePictureStatus, type NsfwProbabilities, type PictureStatusValue } from './pictureDecision';

export { UndecodablePictureError } from './nsfwClassifier';

/** The verdict on one picture; only `status` leaves the server. */
export interface PictureVerdict {
  status: PictureStatusValue;
  probabilities: NsfwProbabilities;
}

/** Reviews an encoded picture. Throws UndecodablePictureError for data that is not an image. */
export interface PictureReviewer {
  review(image: Buffer): Promise<PictureVerdict>;
}

/** A reviewer on nsfwjs InceptionV3 with the {@link decidePictureStatus} policy. */
export function createNsfwPictureReviewer(classifier: NsfwClassifier = new NsfwClassifier()): PictureReviewer & { close(): Promise<void> } {
  return {
    async review(image) {
      const probabilities = await classifier.classify(image);
      return { status: decidePictureStatus(probabilities), probabilities };
    },
    close: () => classifier.close(),
  };
}

let shared: (PictureReviewer & { close(): Promise<void> }) | null = null;

/**
 * The process-wide reviewer: one model (~0.5 GB) per process however many apps are built.
 * Nothing loads until the first review.
 */
export function sharedPictureReviewer(): PictureReviewer & { close(): Promise<void> } {
  shared ??= createNsfwPictureReviewer();
  return shared;
}
