/**
 * One photo's own settings over the batch's (per-photo override). Before the start they travel with the
 * photo; on a finished or failed photo, saving runs it again with them.
 */
import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { BatchToolId } from '../../../engine/spec/batch';
import { assetStatusOf } from '../../../machines/asset.machine';
import type { AssetRef } from '../../../machines/batch.machine';
import { SettingsForm, type AnySettings } from './settings/SettingsForm';

interface Props {
  tool: BatchToolId;
  assetRef: AssetRef;
  settings: AnySettings;
  onClose(): void;
  /** `rerun`: the photo is finished or failed and runs again. */
  onSave(overrides: AnySettings, rerun: boolean): void;
}

export function OverrideDialog({ tool, assetRef, settings, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const name = useSelector(assetRef, (s) => s.context.name);
  const status = useSelector(assetRef, (s) => assetStatusOf(s.value));
  const initial = useSelector(assetRef, (s) => s.context.overrides);
  const [own, setOwn] = useState<AnySettings>(initial);
  const dialog = useRef<HTMLDialogElement>(null);
  const finished = status === 'completed' || status === 'failed';

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
  }, []);

  return (
    <dialog ref={dialog} className="batch-dialog card" aria-labelledby="batch-override-title" onClose={onClose} data-testid="batch.override">
      <h2 id="batch-override-title">{t('batch.photoSettingsTitle', { name })}</h2>
      <p className="muted small">{t('batch.photoSettingsHint')}</p>
      <SettingsForm tool={tool} idPrefix="one" value={{ ...settings, ...own }} onChange={(patch) => setOwn((o) => ({ ...o, ...patch }))} />
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => onSave(own, finished)}>
          {finished ? t('batch.saveAndRun') : t('batch.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onSave({}, false)} disabled={Object.keys(initial).length === 0}>
          {t('batch.useBatchSettings')}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </dialog>
  );
}
