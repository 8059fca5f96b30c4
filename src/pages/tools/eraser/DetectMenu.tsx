/** "Detect" button with a menu of detectors; the chosen one's mask is added to the brush mask. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../editor/shell/Icon';
import { DETECT_KINDS, type DetectKind } from '../../../tools/eraser/eraserModes';

interface Props {
  onDetect(kind: DetectKind): void;
  /** The detector running now, if any. */
  running: DetectKind | null;
  disabled?: boolean;
}

export function DetectMenu({ onDetect, running, disabled }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  // Close on a click elsewhere or Escape, like any menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('pointerdown', onDown);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', onDown);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="detect-menu" ref={root}>
      <button
        type="button"
        className="button button--secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled || running !== null}
        onClick={() => setOpen((o) => !o)}
        data-testid="eraser.detect"
      >
        <Icon name="magic" size={18} />
        {running ? t('eraser.detect.running') : t('eraser.detect.button')}
      </button>
      {open && (
        <ul className="detect-menu__list" role="menu">
          {DETECT_KINDS.map((kind) => (
            <li key={kind} role="none">
              <button
                type="button"
                role="menuitem"
                className="detect-menu__item"
                onClick={() => {
                  setOpen(false);
                  onDetect(kind);
                }}
                data-testid={`eraser.detect.${kind}`}
              >
                <span className="detect-menu__label">{t(`eraser.detect.${kind}`)}</span>
                <span className="detect-menu__hint muted small">{t(`eraser.detect.${kind}Hint`)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
