/**
 * The ID photo template of SPEC §3 and the helpers that turn its print size into pixels and bands.
 * Shared by the client (template picker, the band drawn on the edit page) and the server (the crop).
 */

/** Template categories (SPEC §3 `categoryIds`); a template may be in several. */
export const ID_PHOTO_CATEGORIES = ['popular', 'passport', 'visa', 'idCard', 'other', 'europe', 'asia', 'americas', 'africa', 'oceania', 'middleEast'] as const;
export type IdPhotoCategory = (typeof ID_PHOTO_CATEGORIES)[number];

/** What the document is for; the page names a template "<country> <kind>". */
export type IdPhotoKind = 'passport' | 'visa' | 'idCard' | 'residence' | 'drivingLicence' | 'general' | 'onlineUpload';

/** A band in percent of the photo's height: [min, max]. */
export type PercentBand = readonly [number, number];

/** SPEC §3 ID photo template, plus the rules the crop and the checks need. */
export interface IdPhotoTemplate {
  templateId: string;
  /** ISO 3166-1 alpha-2 (EU for the Schengen template). */
  countryCode: string;
  kind: IdPhotoKind;
  /** Print size in `unit` (mm or in); digital-only templates give their pixel size with unit px. */
  width: number;
  height: number;
  unit: 'mm' | 'in' | 'px';
  pixelWidth: number;
  pixelHeight: number;
  dpi: number;
  /** Gap from the top edge to the crown of the head (hair included), % of the photo's height. */
  topPercent: PercentBand;
  /** Head height, chin to crown (hair included), % of the photo's height. */
  headPercent: PercentBand;
  /** Eye line measured from the BOTTOM edge, % of the height, where the rules give one (US). */
  eyePercent?: PercentBand;
  /** Allowed background colours, `#RRGGBB`; the first is the default. */
  limitBgColors: readonly string[];
  categoryIds: readonly IdPhotoCategory[];
  /** Output format of a batch run (and of the single export). */
  batchFormat: 'jpg' | 'png';
  /** Extra search words (country names and aliases in several languages, document names). */
  searchTag: string;
  isPro: boolean;
  /** JPEG file-size window for digital upload, in kB (1 kB = 1000 bytes). */
  maxFileKB?: number;
  minFileKB?: number;
  /** False where retouching is forbidden (US): only the background is replaced. */
  retouchAllowed: boolean;
  /** Where the numbers come from. */
  source: string;
}

/** Millimetres per inch. */
export const MM_PER_INCH = 25.4;

/** Pixels for a length at a resolution: `px = mm / 25.4 × dpi`, rounded. */
export function mmToPx(mm: number, dpi: number): number {
  return Math.round((mm / MM_PER_INCH) * dpi);
}

/** True when `value` (percent) lies inside the band, with `slack` percentage points either side. */
export function inBand(value: number, band: PercentBand, slack = 0): boolean {
  return value >= band[0] - slack && value <= band[1] + slack;
}

/** The template's print size as text, e.g. "35×45 mm", "2×2 in", "600×600 px". */
export function printSizeLabel(t: Pick<IdPhotoTemplate, 'width' | 'height' | 'unit'>): string {
  return `${t.width}×${t.height} ${t.unit}`;
}
