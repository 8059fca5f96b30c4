/**
 * A bulk tool page (/batch-edit/bulk-…): add up to 100 photos (files, a folder, a ZIP, a paste), set
 * the settings for all and, per photo, its own; start; watch each photo's status and the overall
 * progress with the time remaining; retry one or all failed, cancel; download all as one ZIP or one by
 * one. The batch lives on the server: the address gets `?pid=` and a reload resumes it.
 */
import { useCallback, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { BATCH_TOOLS, type BatchToolId } from '../../../engine/spec/batch';
import { BATCH_MAX_PHOTOS } from '../../../machines/batch.machine';
import { useLang, useLocalize } from '../../hooks/useLang';
import { useToast } from '../../components/ToastContext';
import { useKey } from '../../hooks/useKey';
import { usePreventFileNavigation } from '../../hooks/usePreventFileNavigation';
import { errorKeyFor } from '../../tools/errorKeys';
import { asNewPhotos, pidFromUrl, useBatch } from '../../batch/useBatch';
import { collectPhotos, type Collected } from '../../batch/collectPhotos';
import { BatchDropArea } from './BatchDropArea';
import { DownloadButton } from './DownloadButton';
import { BatchProgress } from './BatchProgress';
import { BatchThumb } from './BatchThumb';
import { BatchRefineDialog } from './BatchRefineDialog';
import { OverrideDialog } from './OverrideDialog';
import { DEFAULT_SETTINGS, SettingsForm, hasSettings, type AnySettings } from './settings/SettingsForm';
import './BatchPage.css';

/** i18n id of each tool (keys `tools.<id>.title`, `batch.tools.<tool>.subtitle`). */
export const TOOL_PAGE_IDS: Record<BatchToolId, string> = {
  enhance: 'bulkImageEnhancer',
  removebg: 'bulkBackgroundRemover',
  changebg: 'bulkBackgroundChanger',
  resize: 'bulkImageResizer',
};

export function BatchToolPage({ tool }: { tool: BatchToolId }) {
  const { t } = useTranslation();
  const toast = useToast();
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();
  const pid = pidFromUrl(useLocation().search);
  const { actor, load, reset } = useBatch(tool, DEFAULT_SETTINGS[tool], pid, lang);
  const [overrideFor, setOverrideFor] = useState<string | null>(null);
  const [refineFor, setRefineFor] = useState<string | null>(null);
  const closeRefine = useCallback(() => setRefineFor(null), []);

  const state = useSelector(actor, (s) => (s.matches('idle') ? 'idle' : s.matches('creating') ? 'creating' : s.matches('running') ? 'running' : 'done'));
  const assets = useSelector(actor, (s) => s.context.assets);
  const settings = useSelector(actor, (s) => s.context.settings);
  const batchId = useSelector(actor, (s) => s.context.batchId);
  const counts = useSelector(actor, (s) => s.context.counts);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const editable = state === 'idle';
  const running = state === 'running' || state === 'creating';

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (!editable) return;
      const found: Collected = await collectPhotos(files);
      const room = BATCH_MAX_PHOTOS - actor.getSnapshot().context.assets.length;
      if (found.photos.length > 0) actor.send({ type: 'batch.add', photos: asNewPhotos(found.photos) });
      if (found.photos.length > room) toast.show(t('batch.tooMany', { max: BATCH_MAX_PHOTOS, left: found.photos.length - Math.max(0, room) }), 'error');
      if (found.skipped > 0) toast.show(t('batch.skipped', { count: found.skipped }), 'info');
      for (const zip of found.badZips) toast.show(t('batch.badZip', { name: zip }), 'error');
      if (found.photos.length === 0 && found.skipped === 0 && found.badZips.length === 0) toast.show(t('batch.noPhotos'), 'error');
    },
    [actor, editable, t, toast],
  );

  usePreventFileNavigation();
  // Escape cancels a running batch, except while a photo's settings dialog is open (there it closes the dialog).
  useKey('Escape', () => actor.send({ type: 'batch.cancel' }), state === 'running' && overrideFor === null);

  const newBatch = () => {
    reset();
    navigate(localize(BATCH_TOOLS[tool].path), { replace: true });
  };
  const pageId = TOOL_PAGE_IDS[tool];
  const overrideRef = assets.find((a) => a.id === overrideFor)?.ref ?? null;
  const refineRef = assets.find((a) => a.id === refineFor)?.ref ?? null;

  if (load.kind === 'loading') return <div className="page-loading" aria-busy="true" data-testid="batch.loading" />;
  if (load.kind === 'missing') {
    return (
      <section className="container page-narrow" data-testid="batch.missing">
        <div className="card placeholder">
          <h1 className="page-title">{t('batch.missingTitle')}</h1>
          <p className="lead">{t('batch.missingText')}</p>
          <button type="button" className="button button--primary" onClick={newBatch}>
            {t('batch.newBatch')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <div className="container batch-page" data-testid={`page.batch.${tool}`} data-state={state}>
      <header className="page-header center">
        <h1 className="page-title">{t(`tools.${pageId}.title`)}</h1>
        <p className="lead">{t(`batch.tools.${tool}.subtitle`)}</p>
      </header>

      <div className={`batch-layout${hasSettings(tool) ? '' : ' batch-layout--plain'}`}>
        {hasSettings(tool) && (
          <aside className="card batch-settings" aria-labelledby="batch-settings-title">
            <h2 id="batch-settings-title" className="batch-settings__title">
              {t('batch.settingsForAll')}
            </h2>
            <SettingsForm
              tool={tool}
              idPrefix="all"
              value={settings}
              disabled={!editable}
              onChange={(patch: AnySettings) => actor.send({ type: 'batch.settings', settings: { ...settings, ...patch } })}
            />
            {!editable && <p className="muted small">{t('batch.settingsLocked')}</p>}
          </aside>
        )}

        <section className="batch-main" aria-label={t('batch.photos')}>
          <BatchDropArea enabled={editable} empty={assets.length === 0} onFiles={(files) => void addFiles(files)} />

          {assets.length > 0 && (
            <>
              <div className="batch-toolbar" role="toolbar" aria-label={t('batch.actions')}>
                <span className="batch-toolbar__count" data-testid="batch.count">
                  {t('batch.photoCount', { count: assets.length, max: BATCH_MAX_PHOTOS })}
                </span>
                <div className="button-row">
                  {editable && (
                    <button type="button" className="button button--primary" data-testid="batch.start" onClick={() => actor.send({ type: 'batch.start' })}>
                      {t('batch.start', { count: assets.length })}
                    </button>
                  )}
                  {running && (
                    <button type="button" className="button button--secondary" data-testid="batch.cancel" onClick={() => actor.send({ type: 'batch.cancel' })}>
                      {t('common.cancel')}
                    </button>
                  )}
                  {counts.failed > 0 && !editable && (
                    <button
                      type="button"
                      className="button button--secondary"
                      data-testid="batch.retryFailed"
                      onClick={() => actor.send({ type: 'batch.retryFailed' })}
                    >
                      {t('batch.retryFailed', { count: counts.failed })}
                    </button>
                  )}
                  {batchId && counts.completed > 0 && (
                    <DownloadButton className="button button--primary" testId="batch.downloadZip" batchId={batchId}>
                      {t('batch.downloadZip', { count: counts.completed })}
                    </DownloadButton>
                  )}
                  {state === 'done' && (
                    <button type="button" className="button button--ghost" onClick={newBatch}>
                      {t('batch.newBatch')}
                    </button>
                  )}
                </div>
              </div>
              {errorCode !== null && editable && (
                <p className="batch-error" role="alert">
                  {t(errorKeyFor({ name: 'SERVER_CODE', code: errorCode }))}
                </p>
              )}
              {!editable && <BatchProgress actor={actor} />}
              <ul className="batch-grid" data-testid="batch.grid">
                {assets.map((a) => (
                  <BatchThumb
                    key={a.id}
                    assetRef={a.ref}
                    batchId={batchId}
                    editable={editable}
                    canOverride={hasSettings(tool)}
                    onRemove={() => actor.send({ type: 'batch.remove', id: a.id })}
                    onRetry={() => actor.send({ type: 'batch.retry', id: a.id })}
                    onSettings={() => setOverrideFor(a.id)}
                    onRefine={tool === 'removebg' ? () => setRefineFor(a.id) : undefined}
                  />
                ))}
              </ul>
            </>
          )}
        </section>
      </div>

      {refineRef && batchId && <BatchRefineDialog assetRef={refineRef} batchId={batchId} onClose={closeRefine} />}

      {overrideRef && (
        <OverrideDialog
          tool={tool}
          assetRef={overrideRef}
          settings={settings}
          onClose={() => setOverrideFor(null)}
          onSave={(overrides, rerun) => {
            const id = overrideFor!;
            const failed = overrideRef.getSnapshot().matches('failed');
            if (rerun && !failed) actor.send({ type: 'batch.rerun', id, overrides });
            else actor.send({ type: 'batch.override', id, overrides });
            if (rerun && failed) actor.send({ type: 'batch.retry', id });
            setOverrideFor(null);
          }}
        />
      )}
    </div>
  );
}
