import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SAFE_DEFAULT_APP_CONFIG, type AppConfig } from '../../engine/crypto/appConfig';

import { reviewPictures as reviewPicturesWith, reviewPromptText as reviewPromptTextWith, type SafetyClients } from './flowServices';

const config = { current: null as AppConfig | null };
const reviewPicture = vi.fn();
const reviewText = vi.fn();
const clients = { getAppConfig: async () => config.current!, reviewPicture, reviewText } as SafetyClients;
const reviewPictures = (files: Blob[]) => reviewPicturesWith(files, clients);
const reviewPromptText = (text: string) => reviewPromptTextWith(text, clients);
const a = new Blob(['a']);
const b = new Blob(['b']);

beforeEach(() => {
  config.current = { ...SAFE_DEFAULT_APP_CONFIG, enablePicReview: true, enableTextReview: true };
  reviewPicture.mockReset();
  reviewText.mockReset();
});

describe('content-safety services (SPEC §5: a review runs only when its flag is on)', () => {
  it('pictures pass without a call when enablePicReview is off', async () => {
    config.current = { ...SAFE_DEFAULT_APP_CONFIG, enablePicReview: false };
    expect(await reviewPictures([a, b])).toEqual({ compliant: true });
    expect(reviewPicture).not.toHaveBeenCalled();
  });

  it('reviews each picture and stops at the first one rejected', async () => {
    reviewPicture.mockResolvedValueOnce({ compliant: false });
    expect(await reviewPictures([a, b])).toEqual({ compliant: false });
    expect(reviewPicture).toHaveBeenCalledTimes(1);
    reviewPicture.mockResolvedValue({ compliant: true });
    expect(await reviewPictures([a, b])).toEqual({ compliant: true });
    expect(reviewPicture).toHaveBeenCalledTimes(3);
  });

  it('text passes without a call when enableTextReview is off, and follows the review when on', async () => {
    config.current = { ...SAFE_DEFAULT_APP_CONFIG, enableTextReview: false };
    expect(await reviewPromptText('anything')).toEqual({ compliant: true });
    expect(reviewText).not.toHaveBeenCalled();
    config.current = { ...SAFE_DEFAULT_APP_CONFIG, enableTextReview: true };
    reviewText.mockResolvedValue({ compliant: false, matches: ['bad'] });
    expect(await reviewPromptText('bad words')).toEqual({ compliant: false });
  });
});
