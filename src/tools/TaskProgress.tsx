/** Progress of a running task: stage label, percentage, bar, and a Cancel button (Escape does the same). */
import { useTranslation } from 'react-i18next';
import type { ImageTaskPhase } from './useImageTask';
import { QueueAhead } from '../components/QueueAhead';

interface Props {
  phase: ImageTaskPhase;
  /** 0..1 */
  progress: number;
  /** Jobs ahead of this one in the server's queue while it waits (null: not waiting). */
  queueAhead?: number | null;
  onCancel(): void;
}

export function TaskProgress({ phase, progress, queueAhead = null, onCancel }: Props) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  const label = t(`bgRemover.stage.${phase}`);
  return (
    <div className="task-progress" data-testid="task.progress" data-phase={phase}>
      <div className="task-progress__row">
        <span className="task-progress__label" aria-live="polite">
          {label}
        </span>
        <span className="task-progress__percent">{percent}%</span>
      </div>
      <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <QueueAhead n={queueAhead} />
      <button type="button" className="button button--secondary" onClick={onCancel} data-testid="task.cancel">
        {t('common.cancel')}
      </button>
    </div>
  );
}
