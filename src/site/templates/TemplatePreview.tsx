/** A template's thumbnail drawn as SVG from its data: the real colours, texts and stickers, no image files. */
import { useTranslation } from 'react-i18next';
import { getSticker, stickerUrl } from '../../../engine/resources/stickers';
import { templateSize, type DesignTemplate } from './designTemplates';

/** `#RRGGBBAA` → CSS `#RRGGBB` plus opacity (SVG fill takes both). */
function fill(color: string): { fill: string; fillOpacity: number } {
  return { fill: color.slice(0, 7), fillOpacity: color.length === 9 ? parseInt(color.slice(7), 16) / 255 : 1 };
}

export function TemplatePreview({ template }: { template: DesignTemplate }) {
  const { t } = useTranslation();
  const { width, height } = templateSize(template);
  return (
    <svg className="template-card__preview" viewBox={`0 0 ${width} ${height}`} aria-hidden="true" preserveAspectRatio="xMidYMid meet">
      <rect width={width} height={height} {...fill(template.background)} />
      {(template.stickers ?? []).map((sticker) => {
        const entry = getSticker(sticker.resId);
        const side = Math.min(width, height) * sticker.size;
        return entry && (
          <image key={sticker.resId} href={stickerUrl(entry)} x={width * sticker.x - side / 2} y={height * sticker.y - side / 2} width={side} height={side} />
        );
      })}
      {template.texts.map((text) => (
        <text
          key={text.key}
          x={width / 2}
          y={height * text.y}
          textAnchor="middle"
          dominantBaseline="middle"
          fontSize={width * text.size}
          fontFamily={`${text.fontName}, system-ui, sans-serif`}
          {...fill(text.color)}
        >
          {t(`templates.${text.key}`)}
        </text>
      ))}
    </svg>
  );
}
