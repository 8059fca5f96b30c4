/**
 * Names and texts of ID photo templates in the page's language: the country from the browser's
 * Intl.DisplayNames (so every language gets real country names), the document kind from i18next.
 */
import type { TFunction } from 'i18next';
import type { IdPhotoTemplate } from '../../../../engine/idphoto/template';
import { printSizeLabel } from '../../../../engine/idphoto/template';
import { problemFromMessage, type IdPhotoProblem } from '../../../../engine/idphoto/checks';

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** The country's name in `lang` ("Deutschland", "美国"…), the code itself when the browser has none. */
export function countryName(code: string, lang: string): string {
  if (!regionNames.has(lang)) {
    try {
      regionNames.set(lang, new Intl.DisplayNames([lang], { type: 'region' }));
    } catch {
      regionNames.set(lang, null);
    }
  }
  try {
    return regionNames.get(lang)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "United States · Passport" in the page's language. */
export function templateTitle(t: TFunction, template: IdPhotoTemplate, lang: string): string {
  return `${countryName(template.countryCode, lang)} · ${t(`idphoto.kind.${template.kind}`)}`;
}

/** "2×2 in · 600×600 px · 300 dpi". */
export function templateSize(template: IdPhotoTemplate): string {
  const print = template.unit === 'px' ? '' : `${printSizeLabel(template)} · `;
  return `${print}${template.pixelWidth}×${template.pixelHeight} px · ${template.dpi} dpi`;
}

/** The ID photo problem behind a failed task, from its message; null for other failures. */
export function idPhotoProblem(detail: string | null): IdPhotoProblem | null {
  return problemFromMessage(detail);
}
