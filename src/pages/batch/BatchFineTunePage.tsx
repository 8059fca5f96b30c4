/**
 * /batch-edit/edit: fine-tune one result of a batch in the editor and return to the batch.
 * `?batch=&item=` opens the item's result as a project (a cut-out keeps its transparency) and moves to
 * `?pid=<project>&batch=&item=`, the editor itself. "Use in batch" exports the design as PNG, uploads
 * it and makes it the item's result (`POST /api/batch/:id/items/:item/result`); both buttons go back
 * to the batch at `/batch-edit?pid=`.
 */
import { fetchFile } from '../../api/http';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { uploadFiles } from '../../api/apiClient';
import { getBatch, replaceItemResult } from '../../api/batchApi';
import { useLocalize } from '../../hooks/useLang';
import { useToast } from '../../components/ToastContext';
import { useEditor } from '../../editor/EditorContext';
import { exportProject } from '../../editor/export/renderExport';
import { createCutoutProject, createPhotoProject } from '../../tools/cutoutProject';
import { EditorRoute } from '../../editor/shell/EditorRoute';
import './BatchPage.css';

const backTo = (batchId: string) => `/batch-edit?pid=${encodeURIComponent(batchId)}`;

export function BatchFineTunePage() {
  const [params] = useSearchParams();
  const pid = params.get('pid');
  const batchId = params.get('batch');
  const itemId = params.get('item');
  if (!batchId || !itemId) return <Problem />;
  if (!pid) return <OpenResult batchId={batchId} itemId={itemId} />;
  return <EditorRoute extra={<FineTuneBar batchId={batchId} itemId={itemId} />} />;
}

function Problem() {
  const { t } = useTranslation();
  return (
    <section className="container page-narrow" data-testid="batch.fineTune.problem">
      <div className="card placeholder">
        <h1 className="page-title">{t('batch.missingTitle')}</h1>
        <p className="lead">{t('batch.fineTuneMissing')}</p>
      </div>
    </section>
  );
}

/** Makes a project of the item's result and opens it in the editor (replacing this address). */
function OpenResult({ batchId, itemId }: { batchId: string; itemId: string }) {
  const navigate = useNavigate();
  const localize = useLocalize();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      const batch = await getBatch(batchId);
      const item = batch.items.find((i) => i.itemId === itemId);
      if (!item?.resultUrl) throw new Error('no result');
      const blob = await fetchFile(item.resultUrl, { what: 'result' });
      const cutout = batch.tool === 'removebg' || blob.type === 'image/png';
      const projectId = await (cutout ? createCutoutProject : createPhotoProject)(blob, item.name);
      if (live)
        navigate(localize(`/batch-edit/edit?pid=${projectId}&batch=${encodeURIComponent(batchId)}&item=${encodeURIComponent(itemId)}`), { replace: true });
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [batchId, itemId, navigate, localize]);
  return failed ? <Problem /> : <div className="page-loading" aria-busy="true" data-testid="batch.fineTune.loading" />;
}

function FineTuneBar({ batchId, itemId }: { batchId: string; itemId: string }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const navigate = useNavigate();
  const localize = useLocalize();
  const toast = useToast();
  const [saving, setSaving] = useState(false);

  const saveToBatch = async () => {
    setSaving(true);
    try {
      const blob = await exportProject(editor.getProject(), editor.assets, { format: 'png' });
      const reply = await uploadFiles({
        mode: 'single',
        files: [new File([blob], 'fine-tuned.png', { type: 'image/png' })],
        func: 'removebg',
        fileType: 'image/png',
        onProgress: () => undefined,
      });
      if (reply.resultCode !== 100 || !reply.data?.fileUrl) throw new Error('upload refused');
      await replaceItemResult(batchId, itemId, reply.data.fileUrl);
      navigate(localize(backTo(batchId)));
    } catch {
      toast.show(t('batch.fineTuneFailed'), 'error');
      setSaving(false);
    }
  };

  return (
    <div className="batch-finetune-bar" role="region" aria-label={t('batch.fineTuneBar')} data-testid="batch.fineTune.bar">
      <button type="button" className="button button--primary" disabled={saving} onClick={() => void saveToBatch()} data-testid="batch.fineTune.use">
        {saving ? t('batch.fineTuneSaving') : t('batch.fineTuneUse')}
      </button>
      <button type="button" className="button button--secondary" disabled={saving} onClick={() => navigate(localize(backTo(batchId)))}>
        {t('batch.fineTuneBack')}
      </button>
    </div>
  );
}
