/**
 * Parameters of the `idphoto` task, shared by the pages that build them and the server that checks
 * them. `parseIdPhotoParams` never throws: it returns the first problem as a message the server sends
 * back with PARAMS_INVALID (SPEC §8).
 */
import { normaliseAdjust, type IdPhotoAdjust } from './layout';
import type { IdPhotoTemplate } from './template';
import { findIdPhotoTemplate } from './templates';

/** What the task returns: the single photo, or a print sheet of copies with cut marks. */
export const ID_PHOTO_OUTPUTS = ['photo', 'sheet4x6', 'sheetA4'] as const;
export type IdPhotoOutput = (typeof ID_PHOTO_OUTPUTS)[number];

export interface IdPhotoParams {
  template: IdPhotoTemplate;
  /** `#RRGGBB`, one of the template's allowed colours. */
  bgColor: string;
  adjust: IdPhotoAdjust;
  output: IdPhotoOutput;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Reads and checks the submitted params (`templateId`, `bgColor`, `adjust`, `output`). */
export function parseIdPhotoParams(raw: Record<string, unknown>): ParseResult<IdPhotoParams> {
  const template = findIdPhotoTemplate(raw.templateId);
  if (!template) return { ok: false, message: `unknown templateId ${JSON.stringify(raw.templateId ?? null)}` };
  const bg = raw.bgColor === undefined || raw.bgColor === null || raw.bgColor === '' ? template.limitBgColors[0] : raw.bgColor;
  if (typeof bg !== 'string') return { ok: false, message: 'bgColor must be a #RRGGBB string' };
  const colour = template.limitBgColors.find((c) => c.toLowerCase() === bg.trim().toLowerCase());
  if (!colour) return { ok: false, message: `bgColor ${bg} is not allowed for ${template.templateId} (allowed: ${template.limitBgColors.join(', ')})` };
  const output = raw.output ?? 'photo';
  if (!(ID_PHOTO_OUTPUTS as readonly unknown[]).includes(output)) return { ok: false, message: `output must be one of ${ID_PHOTO_OUTPUTS.join(', ')}` };
  if (raw.adjust !== undefined && raw.adjust !== null && (typeof raw.adjust !== 'object' || Array.isArray(raw.adjust))) {
    return { ok: false, message: 'adjust must be an object { headSize, topMargin, shiftX }' };
  }
  const adjust = normaliseAdjust(raw.adjust as Partial<IdPhotoAdjust> | undefined);
  return { ok: true, value: { template, bgColor: colour, adjust, output: output as IdPhotoOutput } };
}
