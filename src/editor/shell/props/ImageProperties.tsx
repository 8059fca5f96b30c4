/** For an image layer: replace the picture (only when its value may change, SPEC §3) and tint it. */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { canReplaceImage, setColor } from '../../../../engine/commands';
import type { Layer } from '../../../../engine/doc/types';
import { useEditor } from '../../EditorContext';
import { HiddenFileInput } from '../actions/HiddenFileInput';
import type { ContentActions } from '../actions/useContentActions';
import { Icon } from '../Icon';
import { ColorField } from './ColorField';

export function ImageProperties({ layer, actions }: { layer: Layer; actions: ContentActions }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      {canReplaceImage(layer) && (
        <div className="ed-field">
          <button type="button" className="button button--secondary ed-wide" onClick={() => input.current?.click()} data-testid="props.replace">
            <Icon name="image" />
            {t('editor.props.replaceImage')}
          </button>
          <HiddenFileInput inputRef={input} accept="image/*" testId="props.replace.input" onFiles={([file]) => void actions.replaceImage(layer.layerId, file)} />
        </div>
      )}
      <ColorField
        label={t('editor.props.tint')}
        value={layer.overColor}
        noneLabel={t('editor.props.noTint')}
        onChange={(color, first) => editor.exec(setColor, { layerId: layer.layerId, color }, { mark: first })}
        testId="props.tint"
      />
    </>
  );
}
