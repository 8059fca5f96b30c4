/**
 * ISO 639-1 (two letters) ↔ ISO 639-3 (three letters) for the languages the detectors and translators name.
 *
 * The detectors (fastText lid.176, eld, tinyld) and LibreTranslate speak 639-1; the SPEC's language code is
 * 639-3 ('eng' for English, SPEC §4 "Translation"). Macrolanguages keep their macro code (zh → zho, ar → ara,
 * ms → msa, fa → fas), which is also the ISO 639-2/T code, so one table serves both directions.
 */

/** Every ISO 639-1 code with its 639-3 (= 639-2/T) counterpart, as "xx:xxx" pairs (parsed once below). */
const PAIRS =
  'aa:aar ab:abk ae:ave af:afr ak:aka am:amh an:arg ar:ara as:asm av:ava ay:aym az:aze ba:bak be:bel bg:bul ' +
  'bh:bih bi:bis bm:bam bn:ben bo:bod br:bre bs:bos ca:cat ce:che ch:cha co:cos cr:cre cs:ces cu:chu cv:chv ' +
  'cy:cym da:dan de:deu dv:div dz:dzo ee:ewe el:ell en:eng eo:epo es:spa et:est eu:eus fa:fas ff:ful fi:fin ' +
  'fj:fij fo:fao fr:fra fy:fry ga:gle gd:gla gl:glg gn:grn gu:guj gv:glv ha:hau he:heb hi:hin ho:hmo hr:hrv ' +
  'ht:hat hu:hun hy:hye hz:her ia:ina id:ind ie:ile ig:ibo ii:iii ik:ipk io:ido is:isl it:ita iu:iku ja:jpn ' +
  'jv:jav ka:kat kg:kon ki:kik kj:kua kk:kaz kl:kal km:khm kn:kan ko:kor kr:kau ks:kas ku:kur kv:kom kw:cor ' +
  'ky:kir la:lat lb:ltz lg:lug li:lim ln:lin lo:lao lt:lit lu:lub lv:lav mg:mlg mh:mah mi:mri mk:mkd ml:mal ' +
  'mn:mon mr:mar ms:msa mt:mlt my:mya na:nau nb:nob nd:nde ne:nep ng:ndo nl:nld nn:nno no:nor nr:nbl nv:nav ' +
  'ny:nya oc:oci oj:oji om:orm or:ori os:oss pa:pan pi:pli pl:pol ps:pus pt:por qu:que rm:roh rn:run ro:ron ' +
  'ru:rus rw:kin sa:san sc:srd sd:snd se:sme sg:sag si:sin sk:slk sl:slv sm:smo sn:sna so:som sq:sqi sr:srp ' +
  'ss:ssw st:sot su:sun sv:swe sw:swa ta:tam te:tel tg:tgk th:tha ti:tir tk:tuk tl:tgl tn:tsn to:ton tr:tur ' +
  'ts:tso tt:tat tw:twi ty:tah ug:uig uk:ukr ur:urd uz:uzb ve:ven vi:vie vo:vol wa:wln wo:wol xh:xho yi:yid ' +
  'yo:yor za:zha zh:zho zu:zul';

const ONE_TO_THREE = new Map<string, string>(PAIRS.split(' ').map((pair) => pair.split(':') as [string, string]));
const THREE_TO_ONE = new Map<string, string>([...ONE_TO_THREE].map(([one, three]) => [three, one]));
// Withdrawn 639-1 codes that detectors still answer (fastText lid.176 says 'sh' for Serbo-Croatian).
ONE_TO_THREE.set('sh', 'hbs').set('mo', 'ron').set('in', 'ind').set('iw', 'heb').set('ji', 'yid');

/**
 * Other spellings a detector or a translation service may use, mapped to the code the SPEC expects.
 * fastText and franc-style tools name some languages by a specific 639-3 code where the table has a macro code.
 */
const ALIASES: Record<string, string> = {
  cmn: 'zho',
  yue: 'zho',
  wuu: 'zho',
  zsm: 'msa',
  pes: 'fas',
  arb: 'ara',
  ekk: 'est',
  lvs: 'lav',
  swh: 'swa',
  // 639-2/B spellings (bibliographic) of the same languages.
  chi: 'zho',
  ger: 'deu',
  fre: 'fra',
  dut: 'nld',
  gre: 'ell',
  per: 'fas',
  cze: 'ces',
  rum: 'ron',
  alb: 'sqi',
  arm: 'hye',
  baq: 'eus',
  bur: 'mya',
  geo: 'kat',
  ice: 'isl',
  mac: 'mkd',
  mao: 'mri',
  may: 'msa',
  slo: 'slk',
  tib: 'bod',
  wel: 'cym',
};

/**
 * The ISO 639-3 code for a detector's or a service's language code, or null when unknown.
 * Accepts 639-1 ('en'), 639-3 ('eng'), some 639-2/B and regional spellings ('pt-BR', 'zh-Hant', 'zh_TW').
 * @example toIso639_3('en') // 'eng'
 * @example toIso639_3('zh-Hant') // 'zho'
 */
export function toIso639_3(code: string): string | null {
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (base.length === 2) return ONE_TO_THREE.get(base) ?? null;
  if (base.length === 3) return ALIASES[base] ?? base;
  return null;
}

/**
 * The ISO 639-1 code of a 639-3 code, or null when the language has none (LibreTranslate wants 639-1).
 * @example toIso639_1('spa') // 'es'
 */
export function toIso639_1(code: string): string | null {
  const three = toIso639_3(code);
  return three ? (THREE_TO_ONE.get(three) ?? null) : null;
}

/** ISO 639-3 code of English, the SPEC's "use as is" answer (SPEC §4 "Translation"). */
export const ENGLISH = 'eng';

/** ISO 639-3 "undetermined": there is a language, but no code for it here. */
export const UNDETERMINED = 'und';
