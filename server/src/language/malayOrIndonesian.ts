/**
 * Indonesian and Malay share most of their words, and the detectors (fastText above all) answer Malay for most
 * Indonesian prompts (issue 13). Indonesian is one of the product's languages (engine/spec/locales.ts) and far
 * more users write it, so a prompt goes to Indonesian unless it has a word that only Malay uses.
 */

/** Words Malaysian Malay uses where Indonesian says otherwise (tak/tidak, kereta/mobil, wang/uang, …). */
const MALAY_ONLY = new Set(
  ('kereta wang basikal boleh awak sahaja percuma pejabat kedai bilik tandas polis hospital teksi bas ' +
    'kerana semasa selepas sebelum sekiranya mahu hendak kanak kanak-kanak bapa emak lelaki perempuan ' +
    'maklumat beg jambatan pusat membeli-belah nombor telefon pakar cermin mata tingkap pinggan').split(' '),
);
/** Words only Indonesian uses. */
const INDONESIAN_ONLY = new Set(
  ('mobil uang sepeda bisa kamu saja gratis kantor toko kamar polisi taksi bus karena sesudah setelah ' +
    'mau anak-anak bapak ibu pria wanita informasi tas jembatan nomor telepon kacamata jendela piring sangat banget').split(' '),
);

/**
 * 'msa' or 'ind' when the text has a word only one of them uses (more of one than of the other), else null:
 * such a word names the language even when the detectors guessed another one ("kereta bomba" → Hungarian).
 */
export function malayOrIndonesianMarker(text: string): 'ind' | 'msa' | null {
  const { malay, indonesian } = countMarkers(text);
  return malay > indonesian ? 'msa' : indonesian > malay ? 'ind' : null;
}

function countMarkers(text: string): { malay: number; indonesian: number } {
  let malay = 0;
  let indonesian = 0;
  for (const word of text.toLowerCase().match(/[\p{L}-]+/gu) ?? []) {
    if (MALAY_ONLY.has(word)) malay++;
    if (INDONESIAN_ONLY.has(word)) indonesian++;
  }
  return { malay, indonesian };
}

/**
 * 'msa' when the text has more Malay-only than Indonesian-only words, else 'ind'.
 * @example malayOrIndonesian('kereta merah di jalan') // 'msa'
 * @example malayOrIndonesian('kucing memakai kacamata hitam') // 'ind'
 */
export function malayOrIndonesian(text: string): 'ind' | 'msa' {
  return malayOrIndonesianMarker(text) ?? 'ind';
}
