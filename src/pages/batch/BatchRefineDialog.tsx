/**
 * Refine one cut-out of a background-removal batch (issue 32 item 3): the refine panel on the photo and its
 * result; "Done" uploads the refined cut-out and makes it the item's result (`POST /api/batch/:id/items/:item/result`),
 * so the single download and the ZIP carry the fix.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../engine/spec/errors';
import type { AssetRef } from '../../../machines/batch.machine';
import { uploadFiles } from '../../api/apiClient';
import { replaceItemResult } from '../../api/batchApi';
import { fetchFile } from '../../api/http';
import { useToast } from '../../components/ToastContext';
import { Dialog } from '../../editor/shell/dialogs/Dialog';
import { RefinePanel } from '../../tools/refine/RefinePanel';

export function BatchRefineDialog({ assetRef, batchId, onClose }: { assetRef: AssetRef; batchId: string; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const itemId = useSelector(assetRef, (s) => s.context.itemId);
  const fileUrl = useSelector(assetRef, (s) => s.context.fileUrl);
  const resultUrl = useSelector(assetRef, (s) => s.context.resultUrl);
  const [cutout, setCutout] = useState<Blob | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!resultUrl) return;
    let live = true;
    fetchFile(resultUrl, { what: 'result' }).then(
      (blob) => {
        if (live) setCutout(blob);
      },
      () => {
        if (!live) return;
        toast.show(t('errors.unknown'), 'error');
        onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [resultUrl, toast, t, onClose]);

  const apply = async (blob: Blob) => {
    if (!itemId) return;
    setSaving(true);
    try {
      const reply = await uploadFiles({
        mode: 'single',
        files: [new File([blob], 'refined.png', { type: 'image/png' })],
        func: 'removebg',
        fileType: 'image/png',
        onProgress: () => undefined,
      });
      if (reply.resultCode !== ResultCode.SUCCESS || !reply.data?.fileUrl) throw new Error('upload refused');
      const item = await replaceItemResult(batchId, itemId, reply.data.fileUrl);
      assetRef.send({ type: 'asset.resultReplaced', resultUrl: item.resultUrl ?? reply.data.fileUrl });
      onClose();
    } catch {
      toast.show(t('batch.fineTuneFailed'), 'error');
      setSaving(false);
    }
  };

  return (
    <Dialog open title={t('refine.title')} onClose={onClose} wide testId="batch.refine.dialog">
      {cutout && fileUrl && !saving ? (
        <RefinePanel sourceUrl={fileUrl} resultBlob={cutout} imgUrl={fileUrl} onApply={(blob) => void apply(blob)} onCancel={onClose} />
      ) : (
        <p className="muted center" role="status">
          {t(saving ? 'refine.saving' : 'refine.loadingCutout')}
        </p>
      )}
    </Dialog>
  );
}
