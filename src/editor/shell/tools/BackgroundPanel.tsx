/** The background: a colour (swatches, picker, checked hex), transparent, or a picture covering the canvas. */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setBackground } from '../../../../engine/commands';
import { BACKGROUND_LAYER_ID } from '../../../../engine/spec/kinds';
import { useEditor, useEditorSelector } from '../../EditorContext';
import { HiddenFileInput } from '../actions/HiddenFileInput';
import type { ContentActions } from '../actions/useContentActions';
import { Icon } from '../Icon';
import { ColorField } from '../props/ColorField';

/** Fully transparent: PNG exports keep it, JPG exports put white behind it (SPEC §1). */
export const TRANSPARENT = '#FFFFFF00';

export function BackgroundPanel({ actions }: { actions: ContentActions }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const input = useRef<HTMLInputElement>(null);
  const bgValue = useEditorSelector((s) => s.project.layers.find((layer) => layer.layerId === BACKGROUND_LAYER_ID)?.value);
  const color = bgValue?.valueType === 'color' ? bgValue.color.color : '';
  const isImage = bgValue?.valueType === 'img';
  const isTransparent = color.toUpperCase().endsWith('00') && color.length === 9;

  return (
    <div className="ed-panel-body">
      <ColorField
        label={t('editor.background.color')}
        value={isImage ? '' : color}
        onChange={(next, first) => {
          if (next) editor.exec(setBackground, { color: next }, { mark: first });
        }}
        testId="background.color"
      />
      <button
        type="button"
        className={`button button--secondary ed-wide${isTransparent ? ' is-active' : ''}`}
        aria-pressed={isTransparent}
        onClick={() => editor.exec(setBackground, { color: TRANSPARENT })}
        data-testid="background.transparent"
      >
        <Icon name="transparent" />
        {t('editor.background.transparent')}
      </button>
      <button type="button" className="button button--secondary ed-wide" onClick={() => input.current?.click()} data-testid="background.image">
        <Icon name="image" />
        {isImage ? t('editor.background.replaceImage') : t('editor.background.image')}
      </button>
      <HiddenFileInput inputRef={input} accept="image/*" testId="background.input" onFiles={([file]) => void actions.setBackgroundImage(file)} />
      <p className="ed-hint">{t('editor.background.jpgNote')}</p>
    </div>
  );
}
