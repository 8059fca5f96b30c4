/**
 * The filter library: named colour grades in categories, our own parametric definitions (no third-party LUT files).
 * A filter's lutName is its uid; its label is the locale key effects.filters.<uid> (`name` is the English text).
 */
import type { AdjustParams } from '../../doc/types';
import type { ColorGrade, Rgb } from './colorGrade';
import { REC709 } from './colorGrade';
import { levels, midCurve, sCurve } from './curves';

export interface FilterCategory {
  name: string;
  labelKey: string;
  englishName: string;
}
export interface FilterDef {
  uid: string;
  lutName: string;
  categoryName: string;
  labelKey: string;
  /** English display name (the locale files hold the translations). */
  name: string;
  grade: ColorGrade;
  /** Adjustments a filter adds after its lookup; none of ours needs one today. */
  combination?: Partial<AdjustParams>;
}

const CATEGORY_NAMES = ['Portrait', 'Landscape', 'Food', 'Vintage', 'Film', 'Mono', 'Cool', 'Warm', 'Cinematic', 'Vivid'] as const;
export type FilterCategoryName = (typeof CATEGORY_NAMES)[number];

/** Categories in display order; categoryName is the stable id stored in FilterParams.categoryName. */
export const FILTER_CATEGORIES: readonly FilterCategory[] = CATEGORY_NAMES.map((n) => ({
  name: n,
  labelKey: `effects.filterCategories.${n.toLowerCase()}`,
  englishName: n,
}));

const TEAL: Rgb = [0.2, 0.55, 0.6];
const ORANGE: Rgb = [0.85, 0.55, 0.3];
const GOLD: Rgb = [0.8, 0.65, 0.35];
const PEACH: Rgb = [0.75, 0.55, 0.45];
const PINK: Rgb = [0.75, 0.45, 0.55];
const BROWN: Rgb = [0.65, 0.5, 0.35];
const PURPLE: Rgb = [0.55, 0.4, 0.65];
const BLUE: Rgb = [0.35, 0.45, 0.7];
const CYAN: Rgb = [0.35, 0.6, 0.65];
const YELLOW: Rgb = [0.7, 0.65, 0.35];
const GREEN: Rgb = [0.4, 0.62, 0.45];
const MAGENTA: Rgb = [0.68, 0.4, 0.62];

const def = (categoryName: FilterCategoryName, uid: string, name: string, grade: ColorGrade): FilterDef => ({
  uid,
  lutName: uid,
  categoryName,
  labelKey: `effects.filters.${uid}`,
  name,
  grade,
});

/** The catalogue, grouped by category in display order. */
export const FILTERS: readonly FilterDef[] = [
  def('Portrait', 'portraitSoft', 'Soft Skin', { temperature: 0.08, contrast: 0.92, saturation: 0.95, fade: 0.04, highlights: { color: PEACH, amount: 0.12 } }),
  def('Portrait', 'portraitRosy', 'Rosy Glow', { exposure: 0.1, tint: 0.06, saturation: 1.05, highlights: { color: PINK, amount: 0.15 } }),
  def('Portrait', 'portraitPorcelain', 'Porcelain', { exposure: 0.15, temperature: -0.05, contrast: 0.95, saturation: 0.8 }),
  def('Portrait', 'portraitGolden', 'Golden Hour', { temperature: 0.25, saturation: 1.1, highlights: { color: GOLD, amount: 0.2 } }),
  def('Portrait', 'portraitMatte', 'Matte', { contrast: 0.9, saturation: 0.9, fade: 0.1 }),

  def('Landscape', 'landscapeSky', 'Blue Sky', { contrast: 1.1, saturation: 1.2, blue: midCurve(0.06) }),
  def('Landscape', 'landscapeEvergreen', 'Evergreen', { vibrance: 0.3, green: midCurve(0.05), red: midCurve(-0.02) }),
  def('Landscape', 'landscapeSunset', 'Sunset', { temperature: 0.35, red: midCurve(0.05), shadows: { color: PURPLE, amount: 0.15 } }),
  def('Landscape', 'landscapeAlpine', 'Alpine', { temperature: -0.15, contrast: 1.15, vibrance: 0.2 }),
  def('Landscape', 'landscapeDesert', 'Desert', { temperature: 0.2, saturation: 0.9, fade: 0.03, highlights: { color: ORANGE, amount: 0.12 } }),

  def('Food', 'foodFresh', 'Fresh', { brightness: 0.03, contrast: 1.05, vibrance: 0.35 }),
  def('Food', 'foodBakery', 'Bakery', { temperature: 0.2, saturation: 1.1, shadows: { color: BROWN, amount: 0.15 } }),
  def('Food', 'foodCrisp', 'Crisp', { contrast: 1.1, saturation: 1.1, curve: sCurve(0.04) }),
  def('Food', 'foodCafe', 'Café', { temperature: 0.1, saturation: 0.85, fade: 0.06 }),

  def('Vintage', 'vintageSeventies', 'Seventies', { saturation: 0.85, fade: 0.12, red: midCurve(0.04, 0.05), blue: levels(0.05, 0.85) }),
  def('Vintage', 'vintageInstant', 'Instant', {
    contrast: 0.95,
    fade: 0.08,
    shadows: { color: CYAN, amount: 0.15 },
    highlights: { color: YELLOW, amount: 0.15 },
  }),
  def('Vintage', 'vintageSepia', 'Sepia', { mono: REC709, shadows: { color: BROWN, amount: 0.3 }, highlights: { color: GOLD, amount: 0.25 } }),
  def('Vintage', 'vintageFaded', 'Faded Memory', { saturation: 0.7, fade: 0.18 }),
  def('Vintage', 'vintagePostcard', 'Postcard', { tint: -0.04, saturation: 1.1, fade: 0.05, green: midCurve(0.03) }),

  def('Film', 'filmWarmNegative', 'Warm Negative', {
    temperature: 0.12,
    contrast: 0.95,
    saturation: 0.9,
    fade: 0.04,
    highlights: { color: PEACH, amount: 0.1 },
  }),
  def('Film', 'filmSlide', 'Slide Film', {
    contrast: 1.2,
    saturation: 1.25,
    blue: [
      [0, 0.03],
      [0.3, 0.27],
      [1, 1],
    ],
  }),
  def('Film', 'filmCross', 'Cross Process', { red: sCurve(0.06), green: sCurve(0.04), blue: levels(0.15, 0.8) }),
  def('Film', 'filmExpired', 'Expired Film', { fade: 0.08, shadows: { color: GREEN, amount: 0.2 }, highlights: { color: MAGENTA, amount: 0.15 } }),
  def('Film', 'filmTungsten', 'Tungsten', { temperature: -0.25, fade: 0.05, saturation: 0.95 }),

  def('Mono', 'monoClassic', 'Classic B&W', { mono: REC709 }),
  def('Mono', 'monoNoir', 'Noir', { mono: REC709, contrast: 1.3, curve: sCurve(0.05) }),
  def('Mono', 'monoSoft', 'Soft Grey', { mono: REC709, contrast: 0.85, fade: 0.1 }),
  def('Mono', 'monoRedFilter', 'Red Filter', { mono: [0.6, 0.3, 0.1], contrast: 1.1 }),
  def('Mono', 'monoSelenium', 'Selenium', { mono: REC709, shadows: { color: PURPLE, amount: 0.2 }, highlights: { color: BLUE, amount: 0.05 } }),

  def('Cool', 'coolArctic', 'Arctic', { exposure: 0.1, temperature: -0.35, saturation: 0.9 }),
  def('Cool', 'coolOcean', 'Ocean', { temperature: -0.2, tint: -0.05, vibrance: 0.2, blue: midCurve(0.05) }),
  def('Cool', 'coolMoonlight', 'Moonlight', { exposure: -0.2, temperature: -0.3, saturation: 0.7, shadows: { color: BLUE, amount: 0.2 } }),
  def('Cool', 'coolMint', 'Mint', { temperature: -0.1, fade: 0.05, green: levels(0.04, 1), blue: levels(0.03, 1) }),

  def('Warm', 'warmSunkissed', 'Sun-kissed', { exposure: 0.05, temperature: 0.3 }),
  def('Warm', 'warmAmber', 'Amber', { temperature: 0.25, contrast: 1.05, highlights: { color: ORANGE, amount: 0.2 } }),
  def('Warm', 'warmAutumn', 'Autumn', { temperature: 0.2, saturation: 1.15, red: midCurve(0.04), green: midCurve(-0.03) }),
  def('Warm', 'warmHoney', 'Honey', { temperature: 0.15, fade: 0.05, highlights: { color: YELLOW, amount: 0.18 } }),

  def('Cinematic', 'cineTealOrange', 'Teal & Orange', { contrast: 1.1, shadows: { color: TEAL, amount: 0.3 }, highlights: { color: ORANGE, amount: 0.25 } }),
  def('Cinematic', 'cineBleach', 'Bleach Bypass', { contrast: 1.3, saturation: 0.5 }),
  def('Cinematic', 'cineNightCity', 'Night City', { exposure: -0.1, temperature: -0.2, contrast: 1.15, shadows: { color: BLUE, amount: 0.25 } }),
  def('Cinematic', 'cineSandstorm', 'Sandstorm', { temperature: 0.25, contrast: 1.1, saturation: 0.75, fade: 0.06 }),
  def('Cinematic', 'cineEmerald', 'Emerald Night', { saturation: 0.8, contrast: 1.1, shadows: { color: GREEN, amount: 0.3 } }),

  def('Vivid', 'vividPop', 'Pop', { contrast: 1.1, saturation: 1.35 }),
  def('Vivid', 'vividPunch', 'Punch', { vibrance: 0.5, curve: sCurve(0.05) }),
  def('Vivid', 'vividNeon', 'Neon', { tint: 0.1, saturation: 1.4, shadows: { color: CYAN, amount: 0.15 }, highlights: { color: MAGENTA, amount: 0.15 } }),
  def('Vivid', 'vividTropical', 'Tropical', { temperature: 0.1, vibrance: 0.4, green: midCurve(0.03), blue: midCurve(0.03) }),
];

const byId = new Map<string, FilterDef>();
for (const f of FILTERS) byId.set(f.uid, f);

/** The filter with this uid (or lutName, which equals it); undefined when unknown. */
export function findFilter(uidOrLutName: string | null | undefined): FilterDef | undefined {
  return uidOrLutName ? byId.get(uidOrLutName) : undefined;
}

/** Filters of one category, in catalogue order. */
export function filtersInCategory(categoryName: string): FilterDef[] {
  return FILTERS.filter((f) => f.categoryName === categoryName);
}
