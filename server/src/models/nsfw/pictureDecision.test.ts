import { describe, expect, it } from 'vitest';
import { decidePictureStatus, EXPLICIT_REJECT_THRESHOLD, explicitScore, PictureStatus, type NsfwProbabilities } from './pictureDecision';

const probs = (p: Partial<NsfwProbabilities>): NsfwProbabilities => ({ Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0, ...p });

describe('decidePictureStatus', () => {
  it('passes ordinary photos', () => {
    expect(decidePictureStatus(probs({ Neutral: 0.97, Sexy: 0.01, Porn: 0.01 }))).toBe(PictureStatus.PASSED);
    expect(decidePictureStatus(probs({ Drawing: 0.9, Neutral: 0.1 }))).toBe(PictureStatus.PASSED);
  });

  it('passes clothed people, however "sexy" the model finds them', () => {
    expect(decidePictureStatus(probs({ Sexy: 0.99, Neutral: 0.01 }))).toBe(PictureStatus.PASSED);
    expect(decidePictureStatus(probs({ Sexy: 1 }))).toBe(PictureStatus.PASSED);
  });

  it('passes the measured false positives: clothed party photos at Porn ≈ 0.5', () => {
    expect(decidePictureStatus(probs({ Porn: 0.51, Sexy: 0.3, Neutral: 0.19 }))).toBe(PictureStatus.PASSED);
    expect(decidePictureStatus(probs({ Porn: 0.46, Sexy: 0.45, Neutral: 0.09 }))).toBe(PictureStatus.PASSED);
  });

  it('rejects confident explicit content, Porn and Hentai counted together', () => {
    expect(decidePictureStatus(probs({ Porn: 0.95, Sexy: 0.05 }))).toBe(PictureStatus.REJECTED);
    expect(decidePictureStatus(probs({ Hentai: 0.9, Drawing: 0.1 }))).toBe(PictureStatus.REJECTED);
    expect(decidePictureStatus(probs({ Porn: 0.5, Hentai: 0.4, Drawing: 0.1 }))).toBe(PictureStatus.REJECTED);
  });

  it('puts the boundary at 0.85: reaching it rejects, just below passes', () => {
    expect(EXPLICIT_REJECT_THRESHOLD).toBe(0.85);
    expect(decidePictureStatus(probs({ Porn: 0.85, Sexy: 0.15 }))).toBe(PictureStatus.REJECTED);
    expect(decidePictureStatus(probs({ Porn: 0.849, Sexy: 0.151 }))).toBe(PictureStatus.PASSED);
    expect(decidePictureStatus(probs({ Porn: 0.7, Hentai: 0.149 }))).toBe(PictureStatus.PASSED);
  });

  it('treats missing or broken values as 0 instead of rejecting', () => {
    expect(decidePictureStatus({})).toBe(PictureStatus.PASSED);
    expect(decidePictureStatus({ Porn: Number.NaN, Hentai: 0.2 })).toBe(PictureStatus.PASSED);
    expect(explicitScore({ Porn: Number.POSITIVE_INFINITY, Hentai: 0.9 })).toBe(0.9);
    expect(decidePictureStatus({ Hentai: 0.9 })).toBe(PictureStatus.REJECTED);
  });
});
