/** Fill texture of a plain text: none, a named gradient, or the user's own picture. One undo step each. */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { assetUri } from '../../../../engine/assets/AssetStore';
import { setTextProps } from '../../../../engine/commands';
import type { TextValue } from '../../../../engine/doc/types';
import { useToast } from '../../../components/ToastContext';
import { useEditor } from '../../EditorContext';
import { keepPendingAsset } from '../../persistence/pendingAssets';
import { HiddenFileInput } from '../actions/HiddenFileInput';
import { ImageFileError, readImageFile } from '../actions/readImageFile';
import { TEXT_FILLS, fillLabelKey, isKnownFill, renderFill } from './textFills';

/** fillTextureName of a text filled with the user's own picture. */
const PICTURE = 'picture';

export function TextFillField({ layerId, text }: { layerId: string; text: TextValue }) {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = useEditor();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  const apply = async (name: string, blob: Blob | null) => {
    let uri = '';
    if (blob) {
      const assetId = await editor.assets.put(blob);
      if (!editor.assets.get(assetId)?.uploadedTo) void keepPendingAsset(editor.getProject().projectId, assetId, blob);
      uri = assetUri(assetId);
    }
    editor.exec(setTextProps, { layerId, props: { fillTextureName: name, fillImageUrl: uri } });
  };

  const choose = async (name: string) => {
    try {
      if (name === '') await apply('', null);
      else if (name !== PICTURE && isKnownFill(name) && name) await apply(name, await renderFill(name));
    } catch (error) {
      console.error(error);
      toast.show(t('errors.unknown'), 'error');
    }
  };

  const fillWithPicture = async (file: File) => {
    try {
      await apply(PICTURE, (await readImageFile(file)).blob);
    } catch (error) {
      toast.show(error instanceof ImageFileError ? t(error.key, error.params) : t('errors.unknown'), 'error');
    }
  };

  const current = text.fillTextureName || (text.fillImageUrl ? PICTURE : '');
  return (
    <div className="ed-field">
      <label className="ed-field__label" htmlFor={id}>
        {t('editor.text.fill')}
      </label>
      <select
        id={id}
        className="ed-input"
        value={isKnownFill(current) ? current : PICTURE}
        onChange={(event) => {
          if (event.target.value === PICTURE) input.current?.click();
          else void choose(event.target.value);
        }}
        data-testid="props.text.fill"
      >
        {TEXT_FILLS.map((fill) => (
          <option key={fill} value={fill}>
            {t(fillLabelKey(fill))}
          </option>
        ))}
        <option value={PICTURE}>{t('editor.fills.picture')}</option>
      </select>
      <HiddenFileInput inputRef={input} accept="image/*" testId="props.text.fill.input" onFiles={([file]) => void fillWithPicture(file)} />
    </div>
  );
}
