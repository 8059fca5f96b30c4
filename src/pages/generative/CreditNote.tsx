/** What a run costs, from the shared price table (engine/spec/commerce.ts); the server charges the same. */
import { useTranslation } from 'react-i18next';
import { taskCost } from '../../../engine/spec/commerce';
import type { TaskType } from '../../../engine/spec/taskTypes';
import { useBilling } from '../../account/billingMode';

export function CreditNote({ taskType, images = 1 }: { taskType: TaskType; images?: number }) {
  const { t } = useTranslation();
  const each = taskCost(taskType);
  // Personal mode (issue 27) charges nothing: no cost line.
  if (!useBilling()) return null;
  return (
    <p className="muted small gen-credits" data-testid="gen.cost">
      {t('genai.cost', { each, total: each * images })}
    </p>
  );
}
