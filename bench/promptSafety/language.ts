import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { createLanguageDetector } from '../../server/src/language/detectLanguage';
import { checkScript } from '../../server/src/language/scriptCheck';
import { englishEvidence } from '../../server/src/language/plausiblyEnglish';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

/** The issue's own examples and loanword prompts, written for the tests (reported apart, not in the sets). */
const ISSUE_EXAMPLES: Array<[string, string]> = [
  ['eng', 'kimono girl'],
  ['eng', 'café interior'],
  ['eng', 'astronaut riding a horse on mars'],
  ['eng', 'croissant on a plate'],
  ['eng', 'sushi platter'],
  ['eng', 'piñata party'],
  ['eng', 'bokeh'],
  ['eng', 'selfie'],
  ['eng', 'déjà vu'],
  ['eng', 'tapas bar at night'],
];

/**
 * English recall and other languages called English, per set; plus Indonesian vs Malay and kanji-only Japanese.
 * Unsure answers (sent as written) are counted as English here, since that is what happens to the prompt.
 */
export async function measureLanguage(
  verbose: boolean,
  newHeldOut: boolean,
  photoApps = false,
  mapPresets = false,
  systemTexts = false,
  stamps = false,
  gameTexts = false,
  recipeApps = false,
): Promise<string[]> {
  const sets = JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/languages.json'), 'utf8')) as Record<
    'tuning' | 'heldOut',
    Array<[string, string]>
  >;
  // The second held-out set (bench/promptSafety/buildUiStringSet.ts) is measured only when asked for, so that
  // tuning runs never show it.
  const uiStrings = newHeldOut
    ? (JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/uiStrings.json'), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut
    : [];
  const detector = createLanguageDetector();
  const rows: string[] = [];
  const all: Array<readonly [string, ReadonlyArray<[string, string]>]> = [
    ['tuning', sets.tuning],
    ['held-out', sets.heldOut],
    ['examples', ISSUE_EXAMPLES],
  ];
  if (newHeldOut) all.push(['ui-strings', uiStrings]);
  // The third held-out set (bench/promptSafety/buildPhotoAppSet.ts): measured only with --photo-apps, once, at the
  // end of the round that built it.
  if (photoApps) {
    all.push([
      'photo-apps',
      (JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/photoApps.json'), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut,
    ]);
  }
  // The fourth held-out set (bench/promptSafety/buildMapPresetSet.ts): measured only with --map-presets, once, at
  // the end of the round that built it.
  if (mapPresets) {
    all.push([
      'map-presets',
      (JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/mapPresets.json'), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut,
    ]);
  }
  // The fifth held-out set (bench/promptSafety/buildSystemTextSet.ts): measured only with --system-texts, once, at
  // the end of the round that built it.
  if (systemTexts) {
    all.push([
      'system-texts',
      (JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/systemTexts.json'), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut,
    ]);
  }
  // The sixth held-out set (bench/promptSafety/buildStampSet.ts): measured only with --stamps, once, at the end of
  // the round that built it.
  if (stamps) {
    all.push([
      'stamps',
      (JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/stampTexts.json'), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut,
    ]);
  }
  // The seventh held-out set (bench/promptSafety/buildGameTextSet.ts, issue 28): measured only with --game-texts.
  if (gameTexts) {
    all.push([
      'game-texts',
      (JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/gameTexts.json'), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut,
    ]);
  }
  // The eighth held-out set (bench/promptSafety/buildRecipeAppSet.ts, issue 28): measured only with --recipe-apps.
  if (recipeApps) {
    all.push([
      'recipe-apps',
      (JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/recipeApps.json'), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut,
    ]);
  }
  for (const [name, set] of all) {
    const results = await Promise.all(set.map(async ([code, text]) => ({ code, text, guess: await detector.guess(text) })));
    const asEnglish = (r: (typeof results)[number]) => r.guess.lanCode === 'eng' || !r.guess.sure;
    const english = results.filter((r) => r.code === 'eng');
    const others = results.filter((r) => r.code !== 'eng');
    const englishMissed = english.filter((r) => !asEnglish(r));
    const othersAsEnglish = others.filter(asEnglish);
    const short = english.filter((r) => r.text.split(/\s+/).length <= 2);
    rows.push(
      `language     ${name.padEnd(10)} English recall ${pct(english.length - englishMissed.length, english.length).padStart(7)} (${english.length - englishMissed.length}/${english.length}; 1-2 words ${short.filter(asEnglish).length}/${short.length})` +
        `   other languages called English ${pct(othersAsEnglish.length, others.length).padStart(6)} (${othersAsEnglish.length}/${others.length}; unsure, sent as written: ${others.filter((r) => !r.guess.sure).length})`,
    );
    // English prompts that go to translation (a sure answer other than English), without and with a Spanish page.
    const translated = english.filter((r) => r.guess.sure && r.guess.lanCode !== 'eng');
    // Per prompt length (words): English recall and other languages called English.
    const lengthClass = (text: string) => Math.min(4, text.split(/\s+/).length);
    rows.push(
      `               by words (1/2/3/4+): English recall ${[1, 2, 3, 4].map((n) => `${english.filter((r) => lengthClass(r.text) === n && asEnglish(r)).length}/${english.filter((r) => lengthClass(r.text) === n).length}`).join(', ')}` +
        `; others called English ${[1, 2, 3, 4].map((n) => `${othersAsEnglish.filter((r) => lengthClass(r.text) === n).length}/${others.filter((r) => lengthClass(r.text) === n).length}`).join(', ')}`,
    );
    // Foreign prompts spelled exactly like English ("piano", "hotel", "Sandwich"): sent as written, nothing is lost.
    const sameInEnglish = othersAsEnglish.filter((r) => {
      const e = englishEvidence(r.text);
      return e.words > 0 && e.known === e.words;
    });
    if (others.length) {
      // Per language: how many of its prompts were called English (or sent as written because unsure).
      const codes = [...new Set(others.map((r) => r.code))];
      rows.push(
        `               called English per language: ${codes.map((code) => `${code} ${othersAsEnglish.filter((r) => r.code === code).length}/${others.filter((r) => r.code === code).length}`).join(', ')}`,
      );
      rows.push(
        `               of those spelled the same in English: ${sameInEnglish.length}; other languages called English without them ${pct(othersAsEnglish.length - sameInEnglish.length, others.length - sameInEnglish.length)} (${othersAsEnglish.length - sameInEnglish.length}/${others.length - sameInEnglish.length})`,
      );
      // The detector's own verdict "English" (sure), apart from "unsure, sent as written": both leave the prompt as
      // typed, but only the first is a claim that it is English.
      const sureEnglish = others.filter((r) => r.guess.lanCode === 'eng' && r.guess.sure);
      const sureNotSame = sureEnglish.filter((r) => !sameInEnglish.includes(r));
      rows.push(
        `               called English with certainty (unsure left out): ${pct(sureEnglish.length, others.length)} (${sureEnglish.length}/${others.length}); of them not spelled the same in English ${pct(sureNotSame.length, others.length - sameInEnglish.length)} (${sureNotSame.length}/${others.length - sameInEnglish.length})`,
      );
    }
    // On the generator page the interface language goes along as a hint: English prompts typed on a Spanish
    // page, and each other prompt on the page of its own language (where the product has one).
    const UI = new Set(['spa', 'por', 'fra', 'ita', 'deu', 'ind', 'tur', 'vie', 'jpn', 'zho', 'rus', 'tha']);
    const englishOnSpanish = await Promise.all(english.map((r) => detector.guess(r.text, 'spa')));
    const ownPage = others.filter((r) => UI.has(r.code));
    const ownGuesses = await Promise.all(ownPage.map((r) => detector.guess(r.text, r.code)));
    const ownAsEnglish = ownGuesses.filter((g) => g.lanCode === 'eng' || !g.sure).length;
    const translatedOnSpanish = english.filter((r, i) => englishOnSpanish[i].sure && englishOnSpanish[i].lanCode !== 'eng');
    if (english.length) {
      rows.push(
        `               English prompts changed by translation: ${translated.length}/${english.length}; on a Spanish page ${translatedOnSpanish.length}/${english.length}`,
      );
    }
    if (english.length && ownPage.length) {
      rows.push(
        `               with the page language as hint: English recall on a Spanish page ${pct(englishOnSpanish.filter((g) => g.lanCode === 'eng' || !g.sure).length, english.length)}` +
          `; other languages on their own page called English ${pct(ownAsEnglish, ownPage.length)} (${ownAsEnglish}/${ownPage.length})`,
      );
    }
    for (const code of ['ind', 'msa', 'jpn', 'zho']) {
      const mine = results.filter((r) => r.code === code);
      if (!mine.length) continue;
      const right = mine.filter((r) => r.guess.lanCode === code).length;
      // The generator page sends its interface language along: an Indonesian user on /id/ (Malay is no UI language).
      // Malay has no page of its own: Malay prompts are measured on the Indonesian page (the nearest one).
      const page = code === 'msa' ? 'ind' : code;
      const hinted = (await Promise.all(mine.map((r) => detector.guess(r.text, page)))).filter((g) => g.lanCode === code).length;
      // Malay and Indonesian share most words: a prompt of shared words translates the same from either.
      const family = ['ind', 'msa'].includes(code) ? mine.filter((r) => ['ind', 'msa'].includes(r.guess.lanCode)).length : null;
      rows.push(
        `               ${code}: ${pct(right, mine.length)} right (${right}/${mine.length}); on the ${page} page ${pct(hinted, mine.length)} (${hinted}/${mine.length})` +
          (family === null ? '' : `; Malay or Indonesian ${pct(family, mine.length)} (${family}/${mine.length})`),
      );
    }
    if (verbose) {
      for (const r of englishMissed) rows.push(`    English missed: ${JSON.stringify(r.text)} → ${r.guess.lanCode}`);
      for (const r of translatedOnSpanish) rows.push(`    English translated on a Spanish page: ${JSON.stringify(r.text)}`);
      for (const r of othersAsEnglish) rows.push(`    ${r.code} called English: ${JSON.stringify(r.text)}${r.guess.sure ? '' : ' (unsure)'}`);
      for (const r of results.filter((x) => ['ind', 'msa', 'jpn'].includes(x.code) && x.guess.lanCode !== x.code))
        rows.push(`    ${r.code} → ${r.guess.lanCode}: ${JSON.stringify(r.text)}`);
    }
  }
  rows.push(chineseTakenForJapanese());
  return rows;
}

/**
 * Kanji-only Japanese rules must not take Chinese for Japanese: every Han text without kana of the text review's
 * innocent Chinese lines and of the product's own zh and zh-tw translations (locales/) is checked.
 */
function chineseTakenForJapanese(): string {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(readFileSync(path.join(ROOT, 'server/src/textReview/promptSets/innocent.json'), 'utf8')));
  for (const file of readdirSync(path.join(ROOT, 'locales'), { recursive: true }) as string[]) {
    if (/(^|\/)zh(-tw)?\.json$/u.test(file)) walk(JSON.parse(readFileSync(path.join(ROOT, 'locales', file), 'utf8')));
  }
  const chinese = texts.filter((t) => /\p{Script=Han}/u.test(t) && !/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(t));
  const japanese = chinese.filter((t) => {
    const verdict = checkScript(t);
    return verdict.kind === 'language' && verdict.code === 'jpn';
  });
  return `language     Chinese (text-review lines, zh and zh-tw locales) taken for Japanese: ${pct(japanese.length, chinese.length)} (${japanese.length}/${chinese.length})`;
}
