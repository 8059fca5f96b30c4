/**
 * Sticker panel: category tabs over a grid of Twemoji stickers. A click picks one; a drag carries its
 * resId (STICKER_DRAG_TYPE) to the canvas. Pro stickers carry a PRO badge; enforcing pro is the caller's.
 */
import { useId, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STICKER_CATEGORIES, STICKER_DRAG_TYPE, STICKERS, stickerUrl, type StickerCategory, type StickerEntry } from '../../../engine/resources/stickers';
import './StickerPanel.css';

export interface StickerPanelProps {
  onPick(sticker: StickerEntry): void;
}

/** The tab an arrow/Home/End key moves to, or null for other keys. */
function movedCategory(key: string, current: StickerCategory): StickerCategory | null {
  const i = STICKER_CATEGORIES.indexOf(current);
  const n = STICKER_CATEGORIES.length;
  if (key === 'ArrowRight') return STICKER_CATEGORIES[(i + 1) % n];
  if (key === 'ArrowLeft') return STICKER_CATEGORIES[(i - 1 + n) % n];
  if (key === 'Home') return STICKER_CATEGORIES[0];
  if (key === 'End') return STICKER_CATEGORIES[n - 1];
  return null;
}

export function StickerPanel({ onPick }: StickerPanelProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [category, setCategory] = useState<StickerCategory>(STICKER_CATEGORIES[0]);
  const stickers = STICKERS.filter((s) => s.category === category);
  const proLabel = t('stickers.panel.proBadge');

  const onTabKey = (event: KeyboardEvent) => {
    const next = movedCategory(event.key, category);
    if (!next) return;
    event.preventDefault();
    setCategory(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  const onDragStart = (sticker: StickerEntry) => (event: DragEvent) => {
    event.dataTransfer.setData(STICKER_DRAG_TYPE, sticker.resId);
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <div className="sticker-panel" data-testid="sticker-panel">
      <div className="sticker-panel__tabs" role="tablist" aria-label={t('stickers.panel.categoriesLabel')}>
        {STICKER_CATEGORIES.map((name) => (
          <button
            key={name}
            id={`${baseId}-tab-${name}`}
            type="button"
            role="tab"
            className="sticker-panel__tab"
            aria-selected={category === name}
            aria-controls={`${baseId}-grid`}
            tabIndex={category === name ? 0 : -1}
            data-testid={`sticker-tab-${name}`}
            onClick={() => setCategory(name)}
            onKeyDown={onTabKey}
          >
            {t(`stickers.categories.${name}`)}
          </button>
        ))}
      </div>
      <p className="sticker-panel__hint">{t('stickers.panel.hint')}</p>
      <div id={`${baseId}-grid`} className="sticker-panel__grid" role="tabpanel" aria-labelledby={`${baseId}-tab-${category}`}>
        {stickers.map((sticker) => {
          const label = t(sticker.labelKey);
          return (
            <button
              key={sticker.resId}
              type="button"
              className="sticker-panel__item"
              title={sticker.resNeedPro ? `${label} · ${proLabel}` : label}
              draggable
              onDragStart={onDragStart(sticker)}
              onClick={() => onPick(sticker)}
              data-testid={`sticker-${sticker.resId}`}
              data-pro={sticker.resNeedPro || undefined}
            >
              <img src={stickerUrl(sticker)} alt={label} width={48} height={48} loading="lazy" draggable={false} />
              {sticker.resNeedPro ? (
                <span className="badge billing-only sticker-panel__pro">
                  PRO<span className="visually-hidden"> {proLabel}</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <p className="sticker-panel__credit">{t('stickers.panel.credit')}</p>
    </div>
  );
}
