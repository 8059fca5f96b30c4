/**
 * Lists candidate Malay marker words (issue 13, Malay vs Indonesian) from a Malay source: the Malay translations
 * of command-line and desktop-service programs on a Debian system (coreutils, findutils, gawk, tar, diffutils,
 * Linux-PAM, avahi, gnutls, wget, man-db, at-spi2-core, gprof; none of them a source of any prompt set). A word
 * qualifies when it occurs at least twice in the Malay catalogues, never in the Indonesian ones of the same
 * programs, is no word of the Indonesian dictionary (hunspell-id) nor of English, and is not in the English
 * originals (codes, option names). Its output, checked by hand (abbreviations and typos dropped), is the
 * "catalogue" part of MALAY_ONLY in server/src/language/malayOrIndonesian.ts.
 * Run: `node --import tsx scripts/listMalayMarkers.ts`.
 */
import { existsSync } from 'node:fs';
import { readMo } from '../bench/promptSafety/catalogues';
import { englishLexicon } from '../server/src/language/englishLexicon';
import { isIndonesianWord } from '../server/src/language/indonesianLexicon';

const DOMAINS = [
  'coreutils',
  'findutils',
  'gawk',
  'tar',
  'diffutils',
  'Linux-PAM',
  'avahi',
  'gnutls30',
  'wget-gnulib',
  'man-db-gnulib',
  'at-spi2-core',
  'gprof',
];
const malay = new Map<string, number>();
const indonesian = new Set<string>();
const originals = new Set<string>();
for (const locale of ['ms', 'id']) {
  for (const domain of DOMAINS) {
    const file = `/usr/share/locale/${locale}/LC_MESSAGES/${domain}.mo`;
    if (!existsSync(file)) continue;
    for (const [original, translation] of readMo(file)) {
      for (const word of original.toLowerCase().match(/\p{L}+/gu) ?? []) originals.add(word);
      for (const word of translation.toLowerCase().match(/\p{L}+/gu) ?? []) {
        if (locale === 'ms') malay.set(word, (malay.get(word) ?? 0) + 1);
        else indonesian.add(word);
      }
    }
  }
}
const english = englishLexicon();
const markers = [...malay]
  .filter(([word, count]) => count >= 2 && word.length >= 4 && !indonesian.has(word) && !originals.has(word) && !english.has(word) && !isIndonesianWord(word))
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
console.log(markers.map(([word, count]) => `${word}:${count}`).join(' '));
