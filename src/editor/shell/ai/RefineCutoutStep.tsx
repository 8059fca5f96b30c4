/**
 * Refine in the editor (issue 32 item 3): after "Remove background" on a photo layer, the user fixes the cut-out
 * in the refine panel (taps to keep or remove, a box, erase and restore brushes) and "Done" puts the refined
 * cut-out into the layer as one undo step. Offered while the step's result is still the layer's picture.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer } from '../../../../engine/doc/types';
import { useToast } from '../../../components/ToastContext';
import { RefineButton } from '../../../tools/refine/RefineButton';
import { RefinePanel } from '../../../tools/refine/RefinePanel';
import { Dialog } from '../dialogs/Dialog';
import type { LayerAiStep } from './useLayerAiStep';

export function RefineCutoutStep({ layer, step, disabled }: { layer: Layer; step: LayerAiStep; disabled: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [sourceUrl, setSourceUrl] = useState<string | null>(null);
  const last = step.last;
  const onLayer = last !== null && last.layerId === layer.layerId && layer.value.valueType === 'img' && layer.value.img.uri === last.uri;
  const source = onLayer ? last.source : null;

  useEffect(() => {
    if (!source) return;
    const url = URL.createObjectURL(source);
    setSourceUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [source]);

  if (!onLayer || disabled || layer.locked) return null;
  const apply = (blob: Blob) => {
    setOpen(false);
    step.replaceLast(blob).catch((error: unknown) => {
      console.error(error);
      toast.show(t('errors.unknown'), 'error');
    });
  };
  return (
    <>
      <RefineButton onClick={() => setOpen(true)} refined={last.refined} />
      <Dialog open={open} title={t('refine.title')} onClose={() => setOpen(false)} wide testId="ai.refine.dialog">
        {open && sourceUrl && (
          <RefinePanel sourceUrl={sourceUrl} resultBlob={last.result} imgUrl={last.uploadedUrl} onApply={apply} onCancel={() => setOpen(false)} />
        )}
      </Dialog>
    </>
  );
}
