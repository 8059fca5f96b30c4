/**
 * Colourful text style panel (SPEC §3 colourful text materials): a grid of live previews of every shipped
 * style. Picking one hands its material to the caller; pro styles carry a PRO badge (the caller enforces).
 */
import { useTranslation } from 'react-i18next';
import { COLORFUL_TEXT_STYLES } from '../../../engine/colorfulText/styles';
import type { ColorfulTextMaterial } from '../../../engine/doc/types';
import { ColorfulStylePreview } from '../colorfulText/ColorfulStylePreview';
import './ColorfulTextPanel.css';

export interface ColorfulTextPanelProps {
  onPick(style: ColorfulTextMaterial): void;
  /** Text shown in every preview; each style's own sample text when absent or blank. */
  previewText?: string;
}

/** CSS width of a preview; the canvas draws at up to 2× this for sharp thumbnails. */
const PREVIEW_WIDTH = 150;

function sampleText(style: ColorfulTextMaterial): string {
  const item = style.items.find((entry) => entry.kind === 'text' && entry.isDefTextContent);
  return item?.kind === 'text' ? item.text : '';
}

export function ColorfulTextPanel({ onPick, previewText }: ColorfulTextPanelProps) {
  const { t } = useTranslation();
  const proLabel = t('colorfulText.panel.proBadge');
  return (
    <div className="colorful-panel" data-testid="colorful-panel">
      <p className="colorful-panel__hint">{t('colorfulText.panel.hint')}</p>
      <div className="colorful-panel__grid" role="list" aria-label={t('colorfulText.panel.listLabel')}>
        {COLORFUL_TEXT_STYLES.map((style) => {
          const name = t(`colorfulText.styles.${style.colorfulId}`, { defaultValue: style.name ?? style.colorfulId });
          return (
            <div role="listitem" key={style.colorfulId} className="colorful-panel__cell">
              <button
                type="button"
                className="colorful-panel__item"
                aria-label={style.pro ? `${name}, ${proLabel}` : name}
                title={name}
                onClick={() => onPick(style)}
                data-testid={`colorful-${style.colorfulId}`}
                data-pro={style.pro || undefined}
              >
                <ColorfulStylePreview style={style} text={previewText?.trim() ? previewText : sampleText(style)} width={PREVIEW_WIDTH} />
                {style.pro ? (
                  <span className="badge billing-only colorful-panel__pro" aria-hidden="true">
                    PRO
                  </span>
                ) : null}
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
