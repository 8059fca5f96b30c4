import { pinyin } from 'pinyin-pro';

/**
 * Pinyin spellings of the listed Chinese terms, for the English list (issue 28: "se qing", "seqing" for 色情): the
 * syllables without tones, apart and run together, ü written as v (the way it is typed). Terms of one character
 * are left out (their syllables are everyday words), and so are run-together forms under five letters.
 * Generated with npm `pinyin-pro` (MIT) when the lists are read, so a moderator adds a term once, in Han characters.
 */
export function pinyinForms(terms: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const term of terms) {
    if ([...term].length < 2) continue;
    const syllables = pinyin(term, { toneType: 'none', type: 'array', v: true })
      .map((s) => s.toLowerCase())
      .filter((s) => /^[a-z]+$/.test(s));
    if (syllables.length < 2) continue;
    forms.add(syllables.join(' '));
    const joined = syllables.join('');
    if (joined.length >= 5) forms.add(joined);
  }
  return [...forms];
}
