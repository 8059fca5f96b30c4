/** The stage of a generative job in words, its progress bar and a Cancel button. */
import { useTranslation } from 'react-i18next';
import type { TaskStage } from '../../../engine/spec/kinds';

export function GenProgress({ stage, progress, onCancel }: { stage: TaskStage | 'idle'; progress: number; onCancel(): void }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  const label = t(`genai.stage.${stage}`, { defaultValue: t('genai.stage.pollingResult') });
  return (
    <div className="task-progress gen-progress" data-testid="gen.progress" data-stage={stage}>
      <div className="task-progress__row">
        <span className="task-progress__label" aria-live="polite" data-testid="gen.stage">
          {label}
        </span>
        <span className="task-progress__percent" data-testid="gen.percent">
          {percent}%
        </span>
      </div>
      <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <button type="button" className="button button--secondary" onClick={onCancel} data-testid="gen.cancel">
        {t('common.cancel')}
      </button>
    </div>
  );
}
