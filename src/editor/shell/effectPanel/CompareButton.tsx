/** "Compare": hold to see the original without effects (also the backslash key). View-only, never an undo step. */
import { useTranslation } from 'react-i18next';
import { useCompare } from '../../canvas/compareStore';
import { EffectIcon } from './EffectIcon';
import { useHoldToCompare } from './useHoldToCompare';

export function CompareButton() {
  const { t } = useTranslation();
  const comparing = useCompare();
  const handlers = useHoldToCompare();
  return (
    <button
      type="button"
      className={`button button--secondary fx-compare${comparing ? ' is-active' : ''}`}
      aria-pressed={comparing}
      title={t('effects.compare.hint')}
      data-testid="effects.compare"
      {...handlers}
    >
      <EffectIcon name="compare" />
      {comparing ? t('effects.compare.showing') : t('effects.compare.label')}
      <kbd className="fx-compare__key" aria-hidden="true">
        \
      </kbd>
    </button>
  );
}
