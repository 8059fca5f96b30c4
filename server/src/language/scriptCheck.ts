import { japaneseOrChinese } from './hanScript';
import { UNDETERMINED } from './iso639';

/**
 * The cheap, deterministic first step of language detection: a prompt written (even partly) in a script that
 * English never uses cannot be English, and for most such scripts the script alone names the language.
 * Only prompts in Latin script (or without letters) need the statistical detectors.
 */

/** Scripts that name their language on their own, checked in this order (kana before Han: Japanese mixes both). */
const SCRIPT_LANGUAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\p{Script=Hangul}/u, 'kor'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'jpn'],
  [/\p{Script=Han}/u, 'zho'],
  [/\p{Script=Thai}/u, 'tha'],
  // Cyrillic is shared by several languages; Russian is the one the product serves (SPEC §1 languages).
  [/\p{Script=Cyrillic}/u, 'rus'],
  // Arabic script also writes Persian and Urdu; Arabic is the likeliest for a photo-editor prompt.
  [/\p{Script=Arabic}/u, 'ara'],
  [/\p{Script=Hebrew}/u, 'heb'],
  [/\p{Script=Greek}/u, 'ell'],
  [/\p{Script=Devanagari}/u, 'hin'],
  [/\p{Script=Bengali}/u, 'ben'],
  [/\p{Script=Tamil}/u, 'tam'],
  [/\p{Script=Telugu}/u, 'tel'],
  [/\p{Script=Gujarati}/u, 'guj'],
  [/\p{Script=Gurmukhi}/u, 'pan'],
  [/\p{Script=Kannada}/u, 'kan'],
  [/\p{Script=Malayalam}/u, 'mal'],
  [/\p{Script=Sinhala}/u, 'sin'],
  [/\p{Script=Armenian}/u, 'hye'],
  [/\p{Script=Georgian}/u, 'kat'],
  [/\p{Script=Ethiopic}/u, 'amh'],
  [/\p{Script=Khmer}/u, 'khm'],
  [/\p{Script=Lao}/u, 'lao'],
  [/\p{Script=Myanmar}/u, 'mya'],
  [/\p{Script=Tibetan}/u, 'bod'],
  [/\p{Script=Mongolian}/u, 'mon'],
];

/**
 * Kanji that Japanese writes and Chinese does not, in either script (Japanese shinjitai and kokuji: 駅, not 站/驿;
 * 気, not 气/氣): a Han-only prompt with one of them is Japanese (issue 13 "kanji-only Japanese").
 */
const JAPANESE_ONLY_KANJI =
  '駅円気図広帰発県薬戦鉄関歳辺沢桜様畳込働峠枠栃畑匂凪榊雫姫歯価仏売読変転伝対単営巻徳恵悪斎険検験剤粋砕雑経続総緑縄絵労挙覚暦竜亜悩隠浜渋焼犠瀬獣弾従徴応拡拝択拠挿捜摂楽頼囲撃曽塩蔵満児弐舗闘鋳錬' +
  '畠辻込籾枡笹躾糀鰯鱈鮨鴫麿丼噺膵' +
  '権戸歩渉黒両払効勧隣髪頬麺酔醸齢霊浄涙聴穏壊懐壌嬢譲繊顕乗剰鉱銭鋭塁蛍栄覧騒駆鶏亀軽値産晩斉済姉仮';
const JAPANESE_KANJI = new RegExp(`[${JAPANESE_ONLY_KANJI}]`, 'u');

/** What the script check decided. */
export type ScriptVerdict =
  /** The script names the language (ISO 639-3). */
  | { kind: 'language'; code: string }
  /** Latin letters only: the detectors must vote. */
  | { kind: 'latin' }
  /** No letters at all (digits, punctuation, emoji): there is nothing to translate. */
  | { kind: 'none' };

/**
 * Decides what the script of `text` says about its language.
 * Any letter of a non-Latin script wins over Latin words around it ("logo 设计" is Chinese): English prompts
 * never need such letters, and sending a mixed prompt to translation is the safe side of the SPEC's rule.
 */
export function checkScript(text: string): ScriptVerdict {
  for (const [pattern, code] of SCRIPT_LANGUAGES) {
    if (!pattern.test(text)) continue;
    if (code === 'zho' && (JAPANESE_KANJI.test(text) || japaneseOrChinese(text) === 'jpn')) return { kind: 'language', code: 'jpn' };
    return { kind: 'language', code };
  }
  if (/\p{Script=Latin}/u.test(text)) return { kind: 'latin' };
  // A letter of some rarer script the table above does not name: not English, language unknown.
  if (/\p{L}/u.test(text)) return { kind: 'language', code: UNDETERMINED };
  return { kind: 'none' };
}
