/** Erase objects / Remove text & watermarks / Remove scratches: picks the task that "Erase" runs. */
import { useTranslation } from 'react-i18next';
import { ERASER_MODES, type EraserMode } from '../../../tools/eraser/eraserModes';

export function ModeTabs({ mode, onMode, disabled }: { mode: EraserMode; onMode(mode: EraserMode): void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="eraser-tabs" role="tablist" aria-label={t('eraser.modeLabel')}>
      {ERASER_MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          role="tab"
          aria-selected={mode === m.mode}
          disabled={disabled}
          className={`eraser-tabs__tab${mode === m.mode ? ' is-active' : ''}`}
          onClick={() => onMode(m.mode)}
          data-testid={`eraser.mode.${m.mode}`}
        >
          {t(`eraser.modes.${m.mode}`)}
        </button>
      ))}
    </div>
  );
}
