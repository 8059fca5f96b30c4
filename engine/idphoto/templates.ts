/**
 * The ID photo templates (SPEC §3): 79 templates for 51 countries and the Schengen area.
 *
 * Every template names its source in `source`. The US, EU/Schengen, UK, China, Japan, India and
 * Canada numbers follow shared/guides/id-photo-standards.md (which cites the authority pages).
 * Where a country's own page gives only the print size, the head band is the ICAO Doc 9303 Part 3 /
 * ISO/IEC 19794-5 default (chin to crown 70–80 % of the height for 35×45 mm, i.e. 31.5–36 mm) and the
 * source says so; those pages were not re-read online while this file was written, so a print
 * shop should confirm them against the authority before relying on them.
 *
 * Head height always includes the hair (crown = top of the hair); the German/EU rule "hair ignored"
 * is approximated by the same band (the guide's 32–36 mm) because hair volume cannot be told from
 * the skull in a photo.
 */
import { mmToPx, MM_PER_INCH, type IdPhotoCategory, type IdPhotoKind, type IdPhotoTemplate, type PercentBand } from './template';

const WHITE = '#FFFFFF';
const OFF_WHITE = '#F5F5F0';
const LIGHT_GREY = '#E6E6E6';
const CREAM = '#F2EBDC';
const BLUE = '#438EDB';
const RED = '#D9161B';

const ICAO = 'ICAO Doc 9303 Part 3 / ISO/IEC 19794-5 default head band (chin to crown 70–80 % of the height)';
const GUIDE = 'shared/guides/id-photo-standards.md';

/** Region categories by country code. */
const REGION: Record<string, IdPhotoCategory> = {
  US: 'americas',
  CA: 'americas',
  BR: 'americas',
  MX: 'americas',
  AR: 'americas',
  CO: 'americas',
  CL: 'americas',
  GB: 'europe',
  IE: 'europe',
  EU: 'europe',
  DE: 'europe',
  FR: 'europe',
  IT: 'europe',
  ES: 'europe',
  NL: 'europe',
  BE: 'europe',
  AT: 'europe',
  CH: 'europe',
  SE: 'europe',
  NO: 'europe',
  DK: 'europe',
  FI: 'europe',
  PL: 'europe',
  PT: 'europe',
  GR: 'europe',
  CZ: 'europe',
  RU: 'europe',
  UA: 'europe',
  TR: 'europe',
  CN: 'asia',
  HK: 'asia',
  TW: 'asia',
  JP: 'asia',
  KR: 'asia',
  IN: 'asia',
  PK: 'asia',
  BD: 'asia',
  SG: 'asia',
  MY: 'asia',
  TH: 'asia',
  VN: 'asia',
  ID: 'asia',
  PH: 'asia',
  AU: 'oceania',
  NZ: 'oceania',
  ZA: 'africa',
  NG: 'africa',
  EG: 'africa',
  KE: 'africa',
  SA: 'middleEast',
  AE: 'middleEast',
  IL: 'middleEast',
};

interface Rule {
  /** Head height chin→crown in the print unit. */
  head: readonly [number, number];
  /** Top margin (top edge → crown) in the print unit; default 4–12 % of the height. */
  top?: readonly [number, number];
  /** Eye line above the bottom edge, in the print unit. */
  eyes?: readonly [number, number];
  bg?: readonly string[];
  dpi?: number;
  /** Pixel size override (digital upload sizes that are not print size × dpi). */
  px?: readonly [number, number];
  maxKB?: number;
  minKB?: number;
  pro?: boolean;
  popular?: boolean;
  noRetouch?: boolean;
  tags?: string;
  source: string;
}

const pct = (v: number, h: number) => Math.round((v / h) * 1000) / 10;
const band = (b: readonly [number, number], h: number): PercentBand => [pct(b[0], h), pct(b[1], h)];
/** Default top margin band when the rules give none: 4–12 % of the height. */
const DEFAULT_TOP: PercentBand = [4, 12];

function make(id: string, cc: string, kind: IdPhotoKind, unit: 'mm' | 'in' | 'px', w: number, h: number, r: Rule): IdPhotoTemplate {
  const dpi = r.dpi ?? 300;
  const toPx = (v: number) => (unit === 'px' ? v : mmToPx(unit === 'in' ? v * MM_PER_INCH : v, dpi));
  const kindCategory: IdPhotoCategory = kind === 'passport' ? 'passport' : kind === 'visa' ? 'visa' : kind === 'idCard' ? 'idCard' : 'other';
  const categoryIds: IdPhotoCategory[] = [kindCategory];
  if (REGION[cc]) categoryIds.push(REGION[cc]);
  if (r.popular) categoryIds.unshift('popular');
  return {
    templateId: id,
    countryCode: cc,
    kind,
    width: w,
    height: h,
    unit,
    pixelWidth: r.px?.[0] ?? toPx(w),
    pixelHeight: r.px?.[1] ?? toPx(h),
    dpi,
    topPercent: r.top ? band(r.top, h) : DEFAULT_TOP,
    headPercent: band(r.head, h),
    ...(r.eyes ? { eyePercent: band(r.eyes, h) } : {}),
    limitBgColors: r.bg ?? [WHITE],
    categoryIds,
    batchFormat: 'jpg',
    searchTag: `${cc} ${kind} ${r.tags ?? ''}`.trim(),
    isPro: r.pro ?? false,
    ...(r.maxKB ? { maxFileKB: r.maxKB } : {}),
    ...(r.minKB ? { minFileKB: r.minKB } : {}),
    retouchAllowed: !r.noRetouch,
    source: r.source,
  };
}

/** ICAO 35×45 mm default: head 31.5–36 mm. */
const icao3545 = (source: string, extra: Partial<Rule> = {}): Rule => ({ head: [31.5, 36], source: `${source}; ${ICAO}`, ...extra });

const US_RULE: Rule = {
  head: [1, 1.375],
  eyes: [1.125, 1.375],
  top: [0.12, 0.32],
  bg: [WHITE, OFF_WHITE],
  maxKB: 240,
  minKB: 54,
  noRetouch: true,
  popular: true,
  source: `${GUIDE}: US Embassy photo page (head 1–1⅜ in, eyes 1⅛–1⅜ in above the bottom), DS-160 digital image rules (600×600 px, ≤240 kB); no retouching allowed`,
  tags: 'usa united states america 美国 美國 estados unidos états-unis stati uniti amerika アメリカ 미국',
};
const EU_RULE: Rule = {
  head: [32, 36],
  bg: [LIGHT_GREY, WHITE],
  popular: true,
  source: `${GUIDE}: German biometric guidance (head 32–36 mm chin to top of head, light neutral background)`,
};
const UK_RULE: Rule = {
  head: [29, 34],
  bg: [LIGHT_GREY, CREAM],
  popular: true,
  source: `${GUIDE}: HMPO rules via gov.tc (head 29–34 mm, cream or light grey)`,
  tags: 'uk united kingdom britain england 英国 英國 reino unido royaume-uni regno unito イギリス 영국',
};
const CN_PASSPORT: Rule = {
  head: [28, 33],
  top: [3, 5],
  bg: [WHITE],
  popular: true,
  minKB: 40,
  maxKB: 120,
  source: `${GUIDE}: consular guidance via passlens / NIA-citing pages (33×48 mm, head 28–33 mm, top margin 3–5 mm, white; digital 40–120 kB)`,
  tags: 'china prc 中国 中國 护照 護照 签证 簽證 cina chine 中国 중국',
};
const JP_RULE: Rule = {
  head: [32, 36],
  top: [2, 6],
  bg: [WHITE, OFF_WHITE],
  popular: true,
  source: `${GUIDE}: MOFA spec via legalclarity / goodwinsonline (head 34 ± 2 mm, top margin 4 ± 2 mm)`,
  tags: 'japan nippon 日本 パスポート 旅券 giappone japon japão 일본',
};
const CA_RULE: Rule = {
  head: [31, 36],
  bg: [WHITE, OFF_WHITE],
  popular: true,
  source: `${GUIDE}: IRCC text quoted by theupsstore.ca / 123passportphoto (50×70 mm, head 31–36 mm)`,
  tags: 'canada 加拿大 canadá カナダ 캐나다 kanada',
};
const IN_TAGS = 'india bharat 印度 インド 인도 inde índia indien';

export const ID_PHOTO_TEMPLATES: readonly IdPhotoTemplate[] = [
  // --- The seven standard countries (id-photo-standards.md) ---
  make('us-passport', 'US', 'passport', 'in', 2, 2, US_RULE),
  make('us-visa', 'US', 'visa', 'in', 2, 2, { ...US_RULE, source: `${US_RULE.source}; DS-160 visa photo uses the same rules` }),
  make('us-green-card', 'US', 'residence', 'in', 2, 2, {
    ...US_RULE,
    popular: false,
    source: `${US_RULE.source}; USCIS green card photos follow the passport rules`,
  }),
  make('schengen-visa', 'EU', 'visa', 'mm', 35, 45, { ...EU_RULE, tags: 'schengen europe eu 申根 シェンゲン 솅겐 europa' }),
  make('de-passport', 'DE', 'passport', 'mm', 35, 45, { ...EU_RULE, tags: 'germany deutschland reisepass 德国 德國 alemania allemagne ドイツ 독일' }),
  make('de-id-card', 'DE', 'idCard', 'mm', 35, 45, { ...EU_RULE, popular: false, tags: 'germany personalausweis 德国 身份证 ドイツ' }),
  make('gb-passport', 'GB', 'passport', 'mm', 35, 45, UK_RULE),
  make('gb-visa', 'GB', 'visa', 'mm', 35, 45, { ...UK_RULE, popular: false }),
  make('gb-passport-online', 'GB', 'onlineUpload', 'px', 600, 750, {
    ...UK_RULE,
    head: [483, 567],
    top: [30, 90],
    popular: false,
    minKB: 50,
    maxKB: 10_000,
    source: `${GUIDE}: HMPO digital photo rules (≥600×750 px, 50 kB–10 MB; head 483–567 px at 750 px tall); top margin band is our default`,
  }),
  make('cn-passport', 'CN', 'passport', 'mm', 33, 48, CN_PASSPORT),
  make('cn-visa', 'CN', 'visa', 'mm', 33, 48, { ...CN_PASSPORT, source: `${CN_PASSPORT.source}; Chinese visa photos use the passport size` }),
  make('cn-one-inch', 'CN', 'general', 'mm', 25, 35, {
    head: [19, 24],
    bg: [WHITE, BLUE, RED],
    popular: true,
    source: `${GUIDE}: China domestic "一寸" 25×35 mm (295×413 px, HivisionIDPhotos preset); head band is ours (≈55–70 %)`,
    tags: 'china 一寸 1 inch one inch 证件照 證件照 blue red 蓝底 红底',
  }),
  make('cn-small-one-inch', 'CN', 'general', 'mm', 22, 32, {
    head: [17.5, 22],
    bg: [WHITE, BLUE, RED],
    source: 'HivisionIDPhotos preset "小一寸" 22×32 mm (260×378 px); head band is ours (≈55–70 %)',
    tags: 'china 小一寸 证件照',
  }),
  make('cn-two-inch', 'CN', 'general', 'mm', 35, 49, {
    head: [27, 34],
    bg: [WHITE, BLUE, RED],
    source: 'HivisionIDPhotos preset "二寸" 35×49 mm (413×579 px); head band is ours (≈55–70 %)',
    tags: 'china 二寸 2 inch two inch 证件照',
  }),
  make('cn-small-two-inch', 'CN', 'general', 'mm', 33, 48, {
    head: [28, 33],
    top: [3, 5],
    bg: [WHITE, BLUE, RED],
    pro: true,
    source: `HivisionIDPhotos preset "小二寸" 33×48 mm; head and top bands as the Chinese passport (${GUIDE})`,
    tags: 'china 小二寸 证件照',
  }),
  make('cn-id-card', 'CN', 'idCard', 'mm', 26, 32, {
    head: [18.5, 23.5],
    dpi: 350,
    px: [358, 441],
    bg: [WHITE],
    source: 'Resident ID card photo 26×32 mm, 358×441 px at 350 dpi (HivisionIDPhotos "身份证" preset); head band is ours (≈58–73 %)',
    tags: 'china 身份证 身份證 resident identity card',
  }),
  make('jp-passport', 'JP', 'passport', 'mm', 35, 45, JP_RULE),
  make('jp-visa', 'JP', 'visa', 'mm', 45, 45, {
    ...JP_RULE,
    head: [28, 34],
    top: [3, 8],
    popular: false,
    source: `${GUIDE}: Japan visa (Mumbai) 45×45 mm; head band is ours (≈62–76 %)`,
  }),
  make('jp-my-number', 'JP', 'idCard', 'mm', 35, 45, {
    ...JP_RULE,
    popular: false,
    source: `${JP_RULE.source}; My Number card photos use the same 35×45 mm size`,
    tags: 'japan マイナンバー my number 日本',
  }),
  make('jp-resume', 'JP', 'general', 'mm', 30, 40, {
    head: [22, 28],
    bg: [WHITE, LIGHT_GREY, BLUE],
    pro: true,
    source: 'Japanese résumé (履歴書) photo 30×40 mm, a common print size; head band is ours (55–70 %)',
    tags: 'japan 履歴書 resume rirekisho 日本',
  }),
  make('in-passport', 'IN', 'passport', 'mm', 35, 45, {
    head: [31.5, 36],
    bg: [WHITE],
    popular: true,
    source: `${GUIDE}: Passport Seva (secondary sources: photopass, anypassportphoto), face ≈70–80 % of the photo, strictly white`,
    tags: IN_TAGS,
  }),
  make('in-passport-online', 'IN', 'onlineUpload', 'px', 630, 810, {
    head: [567, 648],
    bg: [WHITE],
    maxKB: 250,
    source: `${GUIDE}: Passport Seva online upload 630×810 px, under 250 kB; head 70–80 %`,
    tags: IN_TAGS,
  }),
  make('in-visa', 'IN', 'visa', 'in', 2, 2, {
    head: [1.1, 1.375],
    bg: [WHITE],
    maxKB: 1000,
    minKB: 10,
    source: `${GUIDE}: Indian e-visa / visa 2×2 in, 600×600 px (secondary, conflicting sources; head band 55–69 % is ours)`,
    tags: IN_TAGS,
  }),
  make('in-oci', 'IN', 'residence', 'mm', 51, 51, {
    head: [28, 35],
    bg: [WHITE],
    pro: true,
    px: [600, 600],
    source: `${GUIDE}: OCI 51×51 mm, head ≈33 mm (secondary, conflicting; confirm before printing)`,
    tags: `${IN_TAGS} oci`,
  }),
  make('ca-passport', 'CA', 'passport', 'mm', 50, 70, CA_RULE),
  make('ca-pr-card', 'CA', 'residence', 'mm', 50, 70, { ...CA_RULE, popular: false, source: `${CA_RULE.source}; PR card photos use the passport size` }),
  make('ca-visa', 'CA', 'visa', 'mm', 35, 45, {
    ...CA_RULE,
    popular: false,
    source: `${GUIDE}: IRCC visitor visa 35×45 mm with the same 31–36 mm head`,
  }),

  // --- Europe (35×45 mm unless noted; ICAO head band where the national page gives only the size) ---
  make('fr-passport', 'FR', 'passport', 'mm', 35, 45, {
    head: [32, 36],
    bg: [LIGHT_GREY, WHITE],
    source: 'ANTS photo rules (35×45 mm, face 32–36 mm chin to top of head, light background)',
    tags: 'france passeport 法国 法國 francia フランス 프랑스',
  }),
  make('fr-id-card', 'FR', 'idCard', 'mm', 35, 45, {
    head: [32, 36],
    bg: [LIGHT_GREY, WHITE],
    source: "ANTS photo rules for the carte nationale d'identité (same as the passport)",
    tags: 'france carte identité cni 法国',
  }),
  make(
    'it-passport',
    'IT',
    'passport',
    'mm',
    35,
    45,
    icao3545('Polizia di Stato passport photo size 35×45 mm', { bg: [WHITE, LIGHT_GREY], tags: 'italy italia passaporto 意大利 イタリア 이탈리아' }),
  ),
  make(
    'it-id-card',
    'IT',
    'idCard',
    'mm',
    35,
    45,
    icao3545("Carta d'identità elettronica photo 35×45 mm (Ministero dell'Interno)", { bg: [WHITE, LIGHT_GREY], tags: 'italy cie carta identità' }),
  ),
  make('es-dni', 'ES', 'idCard', 'mm', 26, 32, {
    head: [20, 25],
    bg: [WHITE],
    source: 'Spanish DNI / passport photo 26×32 mm (Policía Nacional); head band is ours (≈62–78 %)',
    tags: 'spain españa dni pasaporte 西班牙 espagne スペイン',
  }),
  make('nl-passport', 'NL', 'passport', 'mm', 35, 45, {
    head: [26, 30],
    bg: [LIGHT_GREY, WHITE],
    source: `${GUIDE}: stricter Schengen variant matching the Dutch photo matrix (head 26–30 mm chin to crown, ≥11 years)`,
    tags: 'netherlands nederland paspoort 荷兰 pays-bas オランダ',
  }),
  make(
    'be-id-card',
    'BE',
    'idCard',
    'mm',
    35,
    45,
    icao3545('Belgian eID photo 35×45 mm (FPS Home Affairs)', { bg: [WHITE, LIGHT_GREY], tags: 'belgium belgique belgië eid 比利时' }),
  ),
  make(
    'at-passport',
    'AT',
    'passport',
    'mm',
    35,
    45,
    icao3545('Austrian passport photo criteria 35×45 mm (BMI)', { bg: [LIGHT_GREY, WHITE], tags: 'austria österreich reisepass 奥地利' }),
  ),
  make(
    'ch-passport',
    'CH',
    'passport',
    'mm',
    35,
    45,
    icao3545('Swiss passport photo 35×45 mm (fedpol)', { bg: [LIGHT_GREY, WHITE], tags: 'switzerland schweiz suisse svizzera 瑞士' }),
  ),
  make(
    'se-passport',
    'SE',
    'passport',
    'mm',
    35,
    45,
    icao3545('Swedish Police passport photo 35×45 mm (photo taken at the office; this template is for visas and permits)', {
      bg: [LIGHT_GREY, WHITE],
      tags: 'sweden sverige pass 瑞典',
    }),
  ),
  make(
    'no-passport',
    'NO',
    'passport',
    'mm',
    35,
    45,
    icao3545('Norwegian Police passport photo 35×45 mm', { bg: [LIGHT_GREY, WHITE], tags: 'norway norge pass 挪威' }),
  ),
  make(
    'dk-passport',
    'DK',
    'passport',
    'mm',
    35,
    45,
    icao3545('Danish passport photo 35×45 mm', { bg: [LIGHT_GREY, WHITE], tags: 'denmark danmark pas 丹麦' }),
  ),
  make('fi-passport', 'FI', 'passport', 'mm', 36, 47, {
    head: [25, 35],
    bg: [LIGHT_GREY, WHITE],
    px: [500, 653],
    source: 'Finnish Police passport photo guidelines: 36×47 mm / 500×653 px, head 25–35 mm',
    tags: 'finland suomi passi 芬兰',
  }),
  make(
    'pl-passport',
    'PL',
    'passport',
    'mm',
    35,
    45,
    icao3545('Polish passport photo 35×45 mm (gov.pl)', { bg: [WHITE, LIGHT_GREY], tags: 'poland polska paszport 波兰' }),
  ),
  make(
    'pl-id-card',
    'PL',
    'idCard',
    'mm',
    35,
    45,
    icao3545('Polish ID card (dowód osobisty) photo 35×45 mm (gov.pl)', { bg: [WHITE, LIGHT_GREY], tags: 'poland dowód osobisty' }),
  ),
  make(
    'pt-passport',
    'PT',
    'passport',
    'mm',
    35,
    45,
    icao3545('Portuguese passport / Cartão de Cidadão photo 35×45 mm', { bg: [WHITE, LIGHT_GREY], tags: 'portugal passaporte 葡萄牙' }),
  ),
  make(
    'gr-passport',
    'GR',
    'passport',
    'mm',
    40,
    60,
    icao3545('Greek passport photo 40×60 mm (Hellenic Police)', { head: [36, 41], bg: [WHITE, LIGHT_GREY], tags: 'greece ελλάδα διαβατήριο 希腊' }),
  ),
  make(
    'cz-passport',
    'CZ',
    'passport',
    'mm',
    35,
    45,
    icao3545('Czech passport photo 35×45 mm', { bg: [WHITE, LIGHT_GREY], tags: 'czech česko cestovní pas 捷克' }),
  ),
  make(
    'ie-passport',
    'IE',
    'passport',
    'mm',
    35,
    45,
    icao3545('Irish passport photo 35×45 mm (DFA)', { bg: [LIGHT_GREY, WHITE], tags: 'ireland éire 爱尔兰' }),
  ),
  make(
    'ru-passport',
    'RU',
    'passport',
    'mm',
    35,
    45,
    icao3545('Russian international passport photo 35×45 mm', { bg: [WHITE, LIGHT_GREY], tags: 'russia россия загранпаспорт 俄罗斯 ロシア' }),
  ),
  make('ru-visa', 'RU', 'visa', 'mm', 35, 45, icao3545('Russian visa photo 35×45 mm', { bg: [WHITE, LIGHT_GREY], tags: 'russia visa виза 俄罗斯签证' })),
  make(
    'ua-passport',
    'UA',
    'passport',
    'mm',
    35,
    45,
    icao3545('Ukrainian passport photo 35×45 mm', { bg: [WHITE, LIGHT_GREY], tags: 'ukraine україна паспорт 乌克兰' }),
  ),
  make(
    'tr-passport',
    'TR',
    'passport',
    'mm',
    50,
    60,
    icao3545('Turkish biometric photo 50×60 mm (nüfus müdürlüğü)', { head: [36, 45], bg: [WHITE], tags: 'turkey türkiye pasaport biyometrik 土耳其' }),
  ),

  // --- Asia ---
  make('hk-passport', 'HK', 'passport', 'mm', 40, 50, {
    head: [32, 36],
    bg: [WHITE, LIGHT_GREY],
    source: 'Hong Kong Immigration Department photo rules (40×50 mm, head 32–36 mm)',
    tags: 'hong kong 香港 护照 護照',
  }),
  make('tw-passport', 'TW', 'passport', 'mm', 35, 45, {
    head: [32, 36],
    bg: [WHITE],
    source: 'Bureau of Consular Affairs (Taiwan) passport photo rules (35×45 mm, head 3.2–3.6 cm)',
    tags: 'taiwan 台湾 台灣 護照',
  }),
  make('kr-passport', 'KR', 'passport', 'mm', 35, 45, {
    head: [32, 36],
    bg: [WHITE],
    source: 'Korean passport photo rules of MOFA (35×45 mm, head 32–36 mm, white)',
    tags: 'korea 대한민국 여권 韩国 韓國 韓国',
  }),
  make('kr-resume', 'KR', 'general', 'mm', 30, 40, {
    head: [22, 28],
    bg: [WHITE, LIGHT_GREY, BLUE],
    pro: true,
    source: 'Korean résumé photo (반명함) 30×40 mm, a common print size; head band is ours (55–70 %)',
    tags: 'korea 반명함 이력서 resume',
  }),
  make('sg-passport', 'SG', 'passport', 'mm', 35, 45, {
    head: [25, 35],
    bg: [WHITE],
    source: 'ICA Singapore photo guidelines (35×45 mm, face 25–35 mm, white)',
    tags: 'singapore 新加坡 シンガポール',
  }),
  make(
    'my-passport',
    'MY',
    'passport',
    'mm',
    35,
    50,
    icao3545('Malaysian passport photo 35×50 mm (Imigresen), white', { head: [33, 38], bg: [WHITE], tags: 'malaysia pasport 马来西亚' }),
  ),
  make(
    'th-visa',
    'TH',
    'visa',
    'mm',
    35,
    45,
    icao3545('Thai visa photo 35×45 mm (Royal Thai embassies)', { bg: [WHITE], tags: 'thailand ประเทศไทย วีซ่า 泰国' }),
  ),
  make(
    'vn-passport',
    'VN',
    'passport',
    'mm',
    40,
    60,
    icao3545('Vietnamese passport photo 4×6 cm, white', { head: [36, 41], bg: [WHITE], tags: 'vietnam việt nam hộ chiếu 越南' }),
  ),
  make('vn-visa', 'VN', 'visa', 'mm', 40, 60, icao3545('Vietnamese visa photo 4×6 cm', { head: [36, 41], bg: [WHITE], tags: 'vietnam visa thị thực' })),
  make('id-pas-foto-3x4', 'ID', 'general', 'mm', 30, 40, {
    head: [22, 28],
    bg: [RED, BLUE, WHITE],
    source: 'Indonesian "pas foto" 3×4 cm, red or blue background by custom (schools, work, SKCK); head band is ours (55–70 %)',
    tags: 'indonesia pas foto 3x4 merah biru 印尼',
  }),
  make('id-pas-foto-4x6', 'ID', 'general', 'mm', 40, 60, {
    head: [33, 42],
    bg: [RED, BLUE, WHITE],
    source: 'Indonesian "pas foto" 4×6 cm, red or blue background by custom; head band is ours (55–70 %)',
    tags: 'indonesia pas foto 4x6 merah biru',
  }),
  make(
    'ph-passport',
    'PH',
    'passport',
    'mm',
    35,
    45,
    icao3545('DFA Philippines passport photo 35×45 mm, white', { bg: [WHITE], tags: 'philippines pilipinas pasaporte 菲律宾' }),
  ),
  make(
    'pk-passport',
    'PK',
    'passport',
    'mm',
    35,
    45,
    icao3545('Pakistan passport photo 35×45 mm (DGI&P), white', { bg: [WHITE], tags: 'pakistan پاکستان 巴基斯坦' }),
  ),
  make(
    'bd-passport',
    'BD',
    'passport',
    'mm',
    45,
    55,
    icao3545('Bangladesh passport photo 45×55 mm', { head: [38.5, 44], bg: [WHITE], tags: 'bangladesh বাংলাদেশ 孟加拉' }),
  ),

  // --- Oceania, Africa, Middle East, Americas ---
  make('au-passport', 'AU', 'passport', 'mm', 35, 45, {
    head: [32, 36],
    bg: [WHITE, LIGHT_GREY],
    popular: true,
    source: 'Australian Passport Office photo guidelines (35–40 × 45–50 mm, face 32–36 mm chin to crown)',
    tags: 'australia 澳大利亚 澳洲 オーストラリア 호주',
  }),
  make('nz-passport', 'NZ', 'passport', 'mm', 35, 45, {
    head: [32, 36],
    bg: [LIGHT_GREY, WHITE],
    source: 'New Zealand DIA photo rules for printed photos (35×45 mm, head 32–36 mm)',
    tags: 'new zealand aotearoa 新西兰',
  }),
  make(
    'za-passport',
    'ZA',
    'passport',
    'mm',
    35,
    45,
    icao3545('South African Home Affairs photo 35×45 mm', { bg: [WHITE], tags: 'south africa suid-afrika 南非' }),
  ),
  make(
    'ng-passport',
    'NG',
    'passport',
    'mm',
    35,
    45,
    icao3545('Nigeria Immigration Service passport photo 35×45 mm', { bg: [WHITE], tags: 'nigeria 尼日利亚' }),
  ),
  make('ke-passport', 'KE', 'passport', 'mm', 35, 45, icao3545('Kenyan passport photo 35×45 mm', { bg: [WHITE], tags: 'kenya 肯尼亚' })),
  make('eg-passport', 'EG', 'passport', 'mm', 40, 60, icao3545('Egyptian passport photo 4×6 cm', { head: [36, 41], bg: [WHITE], tags: 'egypt مصر 埃及' })),
  make(
    'sa-visa',
    'SA',
    'visa',
    'mm',
    40,
    60,
    icao3545('Saudi visa / iqama photo 4×6 cm, white', { head: [36, 41], bg: [WHITE], tags: 'saudi arabia السعودية 沙特' }),
  ),
  make(
    'ae-visa',
    'AE',
    'visa',
    'mm',
    43,
    55,
    icao3545('UAE visa / Emirates ID photo 43×55 mm, white (ICP)', { head: [38.5, 44], bg: [WHITE], tags: 'uae emirates الإمارات dubai 阿联酋 迪拜' }),
  ),
  make('il-passport', 'IL', 'passport', 'mm', 35, 45, icao3545('Israeli passport photo 35×45 mm (PIBA)', { bg: [WHITE], tags: 'israel ישראל 以色列' })),
  make('br-3x4', 'BR', 'idCard', 'mm', 30, 40, {
    head: [22, 28],
    bg: [WHITE],
    source: 'Brazilian 3×4 cm document photo (RG, CNH, work card), white; head band is ours (55–70 %)',
    tags: 'brazil brasil foto 3x4 rg 巴西',
  }),
  make('br-visa', 'BR', 'visa', 'mm', 50, 70, {
    head: [31, 36],
    bg: [WHITE],
    pro: true,
    source: 'Brazilian visa photo 5×7 cm (Itamaraty); head band as the Canadian 50×70 mm rule (ours)',
    tags: 'brazil brasil visto',
  }),
  make(
    'mx-passport',
    'MX',
    'passport',
    'mm',
    35,
    45,
    icao3545('Mexican passport / visa photo 35×45 mm (SRE), white', { bg: [WHITE], tags: 'mexico méxico pasaporte 墨西哥' }),
  ),
  make('ar-dni', 'AR', 'idCard', 'mm', 40, 40, {
    head: [25, 31],
    bg: [WHITE],
    pro: true,
    source: 'Argentine 4×4 cm document photo, white; head band is ours (62–78 %)',
    tags: 'argentina dni pasaporte 阿根廷',
  }),
  make('co-passport', 'CO', 'passport', 'mm', 30, 40, {
    head: [22, 28],
    bg: [WHITE],
    source: 'Colombian passport photo 3×4 cm (Cancillería), white; head band is ours (55–70 %)',
    tags: 'colombia pasaporte 哥伦比亚',
  }),
  make('cl-passport', 'CL', 'passport', 'mm', 35, 45, icao3545('Chilean passport photo 35×45 mm, white', { bg: [WHITE], tags: 'chile pasaporte 智利' })),
];

const byId = new Map(ID_PHOTO_TEMPLATES.map((t) => [t.templateId, t]));

/** The template with this id, or undefined. */
export function findIdPhotoTemplate(id: unknown): IdPhotoTemplate | undefined {
  return typeof id === 'string' ? byId.get(id) : undefined;
}

/** The template shown first: the US passport. */
export const DEFAULT_ID_PHOTO_TEMPLATE_ID = 'us-passport';

/** Folds case and accents so "Mexico" finds "México" and "ESPAÑA" finds "españa". */
function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Templates matching every word of `query` (in the id, the country code, the search tags or the
 * `extraNames` the caller adds, e.g. the country's name in the page's language), in a category.
 * @example searchIdPhotoTemplates('china passport').map((t) => t.templateId) // ['cn-passport']
 */
export function searchIdPhotoTemplates(
  query: string,
  options: { category?: IdPhotoCategory | 'all'; extraNames?: (t: IdPhotoTemplate) => string } = {},
): IdPhotoTemplate[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return ID_PHOTO_TEMPLATES.filter((t) => {
    if (options.category && options.category !== 'all' && !t.categoryIds.includes(options.category)) return false;
    if (words.length === 0) return true;
    const hay = fold(`${t.templateId} ${t.countryCode} ${t.searchTag} ${t.kind} ${options.extraNames?.(t) ?? ''}`);
    return words.every((w) => hay.includes(w));
  });
}
