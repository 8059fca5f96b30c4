import { describe, expect, it, vi } from 'vitest';
import { runTranslationStep, type TranslationServices } from './translationStep';

function services(overrides: Partial<TranslationServices> = {}) {
  const s = {
    detect: vi.fn(async (_t: string) => 'spa'),
    review: vi.fn(async (_t: string) => ({ compliant: true })),
    translate: vi.fn(async (_t: string, _from: string) => 'a cat in the snow'),
    ...overrides,
  };
  return s;
}

describe('translation step (SPEC §4)', () => {
  it('uses an English prompt as it is, without review or translation', async () => {
    const s = services({ detect: vi.fn(async () => 'eng') });
    expect(await runTranslationStep('a cat in the snow', s)).toEqual({ ok: true, text: 'a cat in the snow', lanCode: 'eng', translated: false });
    expect(s.review).not.toHaveBeenCalled();
    expect(s.translate).not.toHaveBeenCalled();
  });

  it('reviews and translates a non-English prompt in parallel, then reviews the translation', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const s = services({
      review: vi.fn(async (t: string) => {
        order.push(`review:${t}`);
        if (t === 'un gato en la nieve') await gate;
        return { compliant: true };
      }),
      translate: vi.fn(async (t: string, from: string) => {
        order.push(`translate:${t}:${from}`);
        return 'a cat in the snow';
      }),
    });
    const running = runTranslationStep('un gato en la nieve', s);
    await vi.waitFor(() => expect(order).toEqual(['review:un gato en la nieve', 'translate:un gato en la nieve:spa']));
    release();
    expect(await running).toEqual({ ok: true, text: 'a cat in the snow', lanCode: 'spa', translated: true });
    expect(order.at(-1)).toBe('review:a cat in the snow');
  });

  it('a rejected original is text non-compliance (1010202)', async () => {
    const s = services({ review: vi.fn(async (t: string) => ({ compliant: t !== 'texto malo' })) });
    expect(await runTranslationStep('texto malo', s)).toMatchObject({ ok: false, error: 'CONTENT_REVIEW_TEXT_NON_COMPLIANCE' });
  });

  it('a failed or empty translation is CONTENT_TRANSLATE_FAIL (1010203)', async () => {
    expect(
      await runTranslationStep(
        '一只猫',
        services({
          detect: vi.fn(async () => 'zho'),
          translate: vi.fn(async () => {
            throw new Error('no translator for zho');
          }),
        }),
      ),
    ).toEqual({ ok: false, error: 'CONTENT_TRANSLATE_FAIL', lanCode: 'zho' });
    expect(await runTranslationStep('un gato', services({ translate: vi.fn(async () => '  ') }))).toMatchObject({ ok: false, error: 'CONTENT_TRANSLATE_FAIL' });
  });

  it('a translation that fails its review is CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE (1010204)', async () => {
    const s = services({ translate: vi.fn(async () => 'bad words'), review: vi.fn(async (t: string) => ({ compliant: t !== 'bad words' })) });
    expect(await runTranslationStep('palabras', s)).toMatchObject({ ok: false, error: 'CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE' });
  });

  it('a review service that fails lets the text through; a failed detection translates rather than skipping review', async () => {
    const failing = services({
      review: vi.fn(async () => {
        throw new Error('down');
      }),
    });
    expect(await runTranslationStep('un gato', failing)).toMatchObject({ ok: true, text: 'a cat in the snow' });
    const undetected = services({
      detect: vi.fn(async () => {
        throw new Error('down');
      }),
    });
    expect(await runTranslationStep('hello there', undetected)).toMatchObject({ ok: true, translated: true, lanCode: 'und' });
    expect(undetected.review).toHaveBeenCalledTimes(2);
  });
});
