import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLanguageDetector } from './detectLanguage';

/**
 * A floor for language detection in CI (issue 28 item 4), on a held-out slice no rule was tuned on: every fourth
 * prompt of the seventh held-out set (promptSets/gameTexts.json, bench/promptSafety/buildGameTextSet.ts: KDE word-game
 * vocabulary, music genre names, KDE/GNOME game strings), 146 prompts, 64 of them English. The floors are the values
 * measured when the test was written, less a small tolerance; a change of the detector that falls below them must
 * be justified on the full sets (`npm run bench:prompt-safety -- --game-texts`), not by moving the floor.
 * Unsure answers go as written, so they count as English here, as in the bench.
 */
const SLICE = (
  JSON.parse(readFileSync(new URL('./promptSets/gameTexts.json', import.meta.url), 'utf8')) as { heldOut: Array<[string, string]> }
).heldOut.filter((_, index) => index % 4 === 0);
/**
 * Measured on the detector of 9633169: English recall 61/64 (95.3 %), others called English 1/82 (1.2 %), English
 * prompts sent to translation 3 ("Avantgarde", "Adwaita", "Ogg Vorbis File"); the tolerance is about one English and
 * two other prompts. (~4 s with the packed word lists present; a fresh clone's first run parses the .dic files.)
 */
const FLOOR = { englishRecall: 0.93, othersCalledEnglish: 0.04, englishTranslated: 4 };

// The word lists are Debian packages read at run time (scripts/install-system-deps.sh installs them).
const lists = ['es_ES', 'pt_BR', 'fr', 'it_IT', 'de_DE', 'nl', 'pl_PL', 'tr_TR', 'vi_VN', 'id_ID'].every((file) =>
  existsSync(`/usr/share/hunspell/${file}.dic`),
);

describe.skipIf(!lists)('language detection floor on a held-out slice (issue 28 item 4)', () => {
  it('keeps English recall, other languages called English and English prompts sent to translation within the floors', async () => {
    const detector = createLanguageDetector();
    const results = await Promise.all(SLICE.map(async ([code, text]) => ({ code, text, guess: await detector.guess(text) })));
    const asEnglish = (r: (typeof results)[number]) => r.guess.lanCode === 'eng' || !r.guess.sure;
    const english = results.filter((r) => r.code === 'eng');
    const others = results.filter((r) => r.code !== 'eng');
    const recall = english.filter(asEnglish).length / english.length;
    const othersAsEnglish = others.filter(asEnglish).length / others.length;
    const translated = english.filter((r) => !asEnglish(r));
    console.log(
      `held-out slice (${SLICE.length}): English recall ${english.filter(asEnglish).length}/${english.length}, ` +
        `others called English ${others.filter(asEnglish).length}/${others.length}, English translated: ${translated.map((r) => JSON.stringify(r.text)).join(', ') || 'none'}`,
    );
    expect(english.length).toBeGreaterThanOrEqual(60);
    expect(recall).toBeGreaterThanOrEqual(FLOOR.englishRecall);
    expect(othersAsEnglish).toBeLessThanOrEqual(FLOOR.othersCalledEnglish);
    expect(translated.length).toBeLessThanOrEqual(FLOOR.englishTranslated);
  }, 120_000);
});
