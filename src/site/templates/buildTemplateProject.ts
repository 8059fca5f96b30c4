/**
 * Turns a gallery template into a project document: the preset's size, the template's background
 * colour, its texts (already translated by the caller) and stickers, each an ordinary editable layer.
 */
import { createProject, createStickerLayer, createTextLayer } from '../../../engine/doc/factories';
import type { Layer, Project } from '../../../engine/doc/types';
import { cjkFontFor } from '../../../engine/fonts/scriptFont';
import { getSticker, stickerUrl } from '../../../engine/resources/stickers';
import { templateIdOf, templateSize, type DesignTemplate } from './designTemplates';

/** Twemoji stickers are drawn on a 36 × 36 box. */
const STICKER_NATURAL_SIDE = 36;

/**
 * A new project made from `template`; `translate` maps a template text key (`items.x`, `subs.y`)
 * to the text in the visitor's language. The templates' display fonts are Latin: a text translated
 * into a CJK script takes the bundled font of that script instead (`lang` settles shared characters),
 * as a typed one does, so it never shows as boxes.
 * @example buildTemplateProject(DESIGN_TEMPLATES[0], (key) => t(`templates.${key}`), 'Hello weekend')
 */
export function buildTemplateProject(template: DesignTemplate, translate: (key: string) => string, name: string, lang?: string): Project {
  const { width: canvasW, height: canvasH, canvasSizeId } = templateSize(template);
  const project = createProject({
    type: 'project',
    canvasW,
    canvasH,
    canvasSizeId,
    templateId: templateIdOf(template),
    background: template.background,
    name,
  });
  const layers: Layer[] = [...project.layers];

  for (const sticker of template.stickers ?? []) {
    const entry = getSticker(sticker.resId);
    if (!entry) throw new Error(`template ${template.id}: no sticker ${sticker.resId}`);
    const side = Math.min(canvasW, canvasH) * sticker.size;
    const layer = createStickerLayer({
      resId: entry.resId,
      uri: stickerUrl(entry),
      naturalW: STICKER_NATURAL_SIDE,
      naturalH: STICKER_NATURAL_SIDE,
      canvasW,
      canvasH,
      resNeedPro: entry.resNeedPro || template.pro,
    });
    layers.push({ ...layer, rect: { x: canvasW * sticker.x - side / 2, y: canvasH * sticker.y - side / 2, w: side, h: side, angle: 0 } });
  }

  for (const text of template.texts) {
    const words = translate(text.key);
    const layer = createTextLayer({
      text: words,
      canvasW,
      canvasH,
      fontName: cjkFontFor(words, lang) ?? text.fontName,
      textColor: text.color,
      fontSize: Math.round(canvasW * text.size),
      premium: template.pro,
    });
    layers.push({ ...layer, rect: { ...layer.rect, y: canvasH * text.y - layer.rect.h / 2 } });
  }

  return { ...project, layers: layers.map((layer, index) => ({ ...layer, index })) };
}
