/**
 * The result area of a re-composite page (background changers, blur) with refine: the refine panel while it is
 * open, else the page's own result view followed by the Refine button, or what refine is doing meanwhile.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeptResult } from '../useRecompositeTask';
import { RefineButton } from './RefineButton';
import { RefinePanel } from './RefinePanel';
import type { RecompositeRefine } from './useRecompositeRefine';

export function RefinableResult({ refine, kept, children }: { refine: RecompositeRefine; kept: KeptResult; children: ReactNode }) {
  const { t } = useTranslation();
  if (refine.phase === 'open' && refine.cutout) {
    return <RefinePanel sourceUrl={kept.photoUrl} resultBlob={refine.cutout} imgUrl={kept.fileUrl} onApply={refine.apply} onCancel={refine.cancel} />;
  }
  return (
    <>
      {children}
      {refine.phase === 'closed' ? (
        <RefineButton onClick={refine.open} refined={refine.refinedFor(kept.file) !== null} />
      ) : (
        <p className="muted small center" role="status" data-testid="refine.loading">
          {t(refine.phase === 'saving' ? 'refine.saving' : 'refine.loadingCutout')}
        </p>
      )}
    </>
  );
}
