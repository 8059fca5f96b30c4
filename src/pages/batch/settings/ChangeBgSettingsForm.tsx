/**
 * Bulk background changer settings: a colour, your own background image (uploaded once, used for every
 * photo or one photo), or transparent; and a soft shadow under the subject.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeBgBatchSettings } from '../../../../engine/spec/batch';
import { uploadFiles } from '../../../api/apiClient';
import type { SettingsFormProps } from './types';

const KINDS = ['color', 'image', 'transparent'] as const;
/** `#RRGGBB` of a `#RRGGBB(AA)` colour, for the colour input. */
const rgb = (color: string | undefined) => (color && /^#[0-9a-f]{6}/i.test(color) ? color.slice(0, 7) : '#ffffff');

export function ChangeBgSettingsForm({ value, onChange, disabled, idPrefix }: SettingsFormProps<ChangeBgBatchSettings>) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState(false);
  const kind = value.bgType ?? 'color';

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setFailed(false);
    try {
      const reply = await uploadFiles({ mode: 'single', files: [file], func: 'changebg', fileType: file.type || 'image/jpeg', onProgress: () => undefined });
      const url = reply.data?.fileUrl;
      if (reply.resultCode !== 100 || !url) throw new Error('upload refused');
      onChange({ bgType: 'image', bgUrl: url });
    } catch {
      setFailed(true);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="batch-form">
      <fieldset className="batch-field" disabled={disabled}>
        <legend>{t('batch.changebg.background')}</legend>
        <div className="chip-row batch-chips">
          {KINDS.map((k) => (
            <label key={k} className={`chip${kind === k ? ' is-active' : ''}`}>
              <input
                type="radio"
                className="visually-hidden"
                name={`${idPrefix}-bgtype`}
                value={k}
                checked={kind === k}
                onChange={() => onChange({ bgType: k })}
              />
              {t(`batch.changebg.kind.${k}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'color' && (
        <label className="batch-field batch-field--inline" htmlFor={`${idPrefix}-color`}>
          <span>{t('batch.changebg.color')}</span>
          <input
            id={`${idPrefix}-color`}
            type="color"
            value={rgb(value.color)}
            disabled={disabled}
            onChange={(e) => onChange({ bgType: 'color', color: e.target.value })}
          />
        </label>
      )}
      {kind === 'image' && (
        <label className="batch-field" htmlFor={`${idPrefix}-image`}>
          <span>{t('batch.changebg.image')}</span>
          <input id={`${idPrefix}-image`} type="file" accept="image/*" disabled={disabled || uploading} onChange={(e) => void pickImage(e.target.files?.[0])} />
          {uploading && (
            <span className="muted small" role="status">
              {t('batch.changebg.uploading')}
            </span>
          )}
          {value.bgUrl && !uploading && <img className="batch-bg-preview" src={value.bgUrl} alt={t('batch.changebg.imageAlt')} />}
          {failed && (
            <span className="batch-error small" role="alert">
              {t('batch.changebg.uploadFailed')}
            </span>
          )}
        </label>
      )}
      <label className="batch-check" htmlFor={`${idPrefix}-shadow`}>
        <input
          id={`${idPrefix}-shadow`}
          type="checkbox"
          checked={value.shadow ?? false}
          disabled={disabled}
          onChange={(e) => onChange({ shadow: e.target.checked })}
        />
        <span>{t('batch.changebg.shadow')}</span>
      </label>
    </div>
  );
}
