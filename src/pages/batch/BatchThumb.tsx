/** One photo of a batch: its picture, SPEC §4 status, and what can be done with it now. */
import { useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { assetStatusOf, type AssetStatus } from '../../../machines/asset.machine';
import type { AssetRef } from '../../../machines/batch.machine';
import { LocalLink } from '../../components/LocalLink';
import { DownloadButton } from './DownloadButton';
import { errorKeyFor } from '../../tools/errorKeys';

interface Props {
  assetRef: AssetRef;
  batchId: string | null;
  /** The batch has not been started: photos can still be removed. */
  editable: boolean;
  canOverride: boolean;
  onRemove(): void;
  onRetry(): void;
  onSettings(): void;
  /** Refine the cut-out (background-removal batches); absent where the tool makes no cut-out. */
  onRefine?(): void;
}

/** A photo's picture: its own bytes while it has them, else what the server has (result first). */
function usePicture(file: Blob | null, fileUrl: string | null, resultUrl: string | null): string | null {
  const local = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (local) URL.revokeObjectURL(local);
    },
    [local],
  );
  return resultUrl ?? local ?? fileUrl;
}

export function BatchThumb({ assetRef, batchId, editable, canOverride, onRemove, onRetry, onSettings, onRefine }: Props) {
  const { t } = useTranslation();
  const status: AssetStatus = useSelector(assetRef, (s) => assetStatusOf(s.value));
  const name = useSelector(assetRef, (s) => s.context.name);
  const file = useSelector(assetRef, (s) => s.context.file);
  const fileUrl = useSelector(assetRef, (s) => s.context.fileUrl);
  const resultUrl = useSelector(assetRef, (s) => s.context.resultUrl);
  const itemId = useSelector(assetRef, (s) => s.context.itemId);
  const error = useSelector(assetRef, (s) => s.context.error);
  const hasOverride = useSelector(assetRef, (s) => Object.keys(s.context.overrides).length > 0);
  const progress = useSelector(assetRef, (s) => (assetStatusOf(s.value) === 'user_upload' ? s.context.uploadProgress : s.context.progress));
  const picture = usePicture(file, fileUrl, resultUrl);

  const cancelled = status === 'failed' && error?.cancelled;
  const label = cancelled ? t('batch.status.cancelled') : t(`batch.status.${status}`);
  const reason =
    status === 'failed' && !cancelled && error
      ? error.message === 'file lost'
        ? t('batch.fileLost')
        : t(errorKeyFor({ name: 'SERVER_CODE', code: error.code, message: error.message }))
      : null;
  const busy = status === 'user_upload' || status === 'processing';

  return (
    <li className={`batch-thumb batch-thumb--${status}${cancelled ? ' is-cancelled' : ''}`} data-testid="batch.thumb" data-status={status} data-name={name}>
      <div className={`batch-thumb__picture${status === 'completed' ? ' checkerboard' : ''}`}>
        {picture && <img src={picture} alt={name} loading="lazy" />}
        {busy && (
          <div
            className="batch-thumb__bar"
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <div style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
        )}
      </div>
      <div className="batch-thumb__meta">
        <span className="batch-thumb__name" title={name}>
          {name}
        </span>
        <span className={`batch-status batch-status--${cancelled ? 'cancelled' : status}`} data-testid="batch.thumb.status">
          {label}
        </span>
        {hasOverride && (
          <span className="badge" title={t('batch.ownSettingsHint')}>
            {t('batch.ownSettings')}
          </span>
        )}
        {reason && (
          <span className="batch-error small" role="note" title={error?.message}>
            {reason}
          </span>
        )}
      </div>
      <div className="batch-thumb__actions">
        {status === 'failed' && (
          <button type="button" className="button button--ghost" onClick={onRetry} aria-label={t('batch.retryPhoto', { name })}>
            {t('batch.retry')}
          </button>
        )}
        {status === 'completed' && batchId && itemId && (
          <>
            <DownloadButton className="button button--ghost" batchId={batchId} itemId={itemId} label={t('batch.downloadPhoto', { name })}>
              {t('batch.download')}
            </DownloadButton>
            {onRefine && (
              <button
                type="button"
                className="button button--ghost"
                onClick={onRefine}
                aria-label={t('batch.refinePhoto', { name })}
                data-testid="batch.thumb.refine"
              >
                {t('refine.open')}
              </button>
            )}
            <LocalLink
              className="button button--ghost"
              to={`/batch-edit/edit?batch=${encodeURIComponent(batchId)}&item=${encodeURIComponent(itemId)}`}
              aria-label={t('batch.fineTunePhoto', { name })}
            >
              {t('batch.fineTune')}
            </LocalLink>
          </>
        )}
        {canOverride && (editable || status === 'completed' || status === 'failed') && (
          <button type="button" className="button button--ghost" onClick={onSettings} aria-label={t('batch.photoSettingsFor', { name })}>
            {t('batch.photoSettings')}
          </button>
        )}
        {editable && status === 'none' && (
          <button type="button" className="button button--ghost" onClick={onRemove} aria-label={t('batch.removePhoto', { name })}>
            {t('batch.remove')}
          </button>
        )}
      </div>
    </li>
  );
}
