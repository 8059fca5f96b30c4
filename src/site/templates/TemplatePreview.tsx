/** A template's thumbnail drawn as SVG from its data: the real colours, texts and stickers, no image files. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cssFamilyFor, ensureFontsFor } from '../../fonts/fontLoader';
import { getSticker, stickerUrl } from '../../../engine/resources/stickers';
import { templateSize, type DesignTemplate } from './designTemplates';

/** `#RRGGBBAA` → CSS `#RRGGBB` plus opacity (SVG fill takes both). */
function fill(color: string): { fill: string; fillOpacity: number } {
  return { fill: color.slice(0, 7), fillOpacity: color.length === 9 ? parseInt(color.slice(7), 16) / 255 : 1 };
}

export function TemplatePreview({ template }: { template: DesignTemplate }) {
  const { t } = useTranslation();
  const { width, height } = templateSize(template);
  const texts = template.texts.map((text) => ({ ...text, value: t(`templates.${text.key}`) }));
  const fontsKey = texts.map((text) => `${text.fontName}:${text.value}`).join('|');
  // The thumbnail shows the template's own fonts (and the CJK subsets its translated text needs);
  // the SVG repaints by itself once each font face is added to the document. Keyed on the fonts and texts only.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the fonts and texts only (texts is a new array each render)
  useEffect(() => {
    for (const text of texts) ensureFontsFor(text.value, text.fontName).catch(() => undefined);
  }, [fontsKey]);
  return (
    <svg className="template-card__preview" viewBox={`0 0 ${width} ${height}`} aria-hidden="true" preserveAspectRatio="xMidYMid meet">
      <rect width={width} height={height} {...fill(template.background)} />
      {(template.stickers ?? []).map((sticker) => {
        const entry = getSticker(sticker.resId);
        const side = Math.min(width, height) * sticker.size;
        return (
          entry && (
            <image key={sticker.resId} href={stickerUrl(entry)} x={width * sticker.x - side / 2} y={height * sticker.y - side / 2} width={side} height={side} />
          )
        );
      })}
      {texts.map((text) => (
        <text
          key={text.key}
          x={width / 2}
          y={height * text.y}
          textAnchor="middle"
          dominantBaseline="middle"
          fontSize={width * text.size}
          fontFamily={cssFamilyFor(text.fontName)}
          {...fill(text.color)}
        >
          {text.value}
        </text>
      ))}
    </svg>
  );
}
