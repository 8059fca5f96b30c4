/**
 * Says before the first run which actions cost a credit (issue 29): a new photo is one AI pass; every later
 * option change on that photo is a free re-composite (src/tools/useRecompositeTask.ts).
 */
import { useTranslation } from 'react-i18next';
import { taskCost } from '../../../../engine/spec/commerce';
import type { RECOMPOSITE_TASK_TYPES } from '../../../../engine/spec/commerce';

const KEYS = { changebg: 'changebg.costNote', bgblur: 'bgblur.costNote' } as const;

export function CostNote({ type }: { type: (typeof RECOMPOSITE_TASK_TYPES)[number] }) {
  const { t } = useTranslation();
  return (
    <p className="muted small cost-note" data-testid="tool.costNote">
      {t(KEYS[type as keyof typeof KEYS], { cost: taskCost(type) })}
    </p>
  );
}
