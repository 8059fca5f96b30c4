/** For an image layer: replace the picture (only when its value may change, SPEC §3). Its tint is the adjust panel's colour kind. */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { canReplaceImage } from '../../../../engine/commands';
import type { Layer } from '../../../../engine/doc/types';
import { HiddenFileInput } from '../actions/HiddenFileInput';
import type { ContentActions } from '../actions/useContentActions';
import { Icon } from '../Icon';
import { CropControls } from './CropControls';
import { MaskControls } from './MaskControls';
import { BACKGROUND_LAYER_ID, LayerKind } from '../../../../engine/spec/kinds';
import { AiSteps } from '../ai/AiSteps';

export function ImageProperties({ layer, actions }: { layer: Layer; actions: ContentActions }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      {layer.layerId !== BACKGROUND_LAYER_ID && <CropControls layer={layer} />}
      {layer.layerId !== BACKGROUND_LAYER_ID && <MaskControls layer={layer} />}
      {/* The AI steps work on photos, not on stickers or library textures. */}
      {layer.layerId !== BACKGROUND_LAYER_ID && layer.type === LayerKind.USER_IMAGE && <AiSteps layer={layer} />}
      {canReplaceImage(layer) && (
        <div className="ed-field">
          <button type="button" className="button button--secondary ed-wide" onClick={() => input.current?.click()} data-testid="props.replace">
            <Icon name="image" />
            {t('editor.props.replaceImage')}
          </button>
          <HiddenFileInput
            inputRef={input}
            accept="image/*"
            testId="props.replace.input"
            onFiles={([file]) => void actions.replaceImage(layer.layerId, file)}
          />
        </div>
      )}
    </>
  );
}
