/**
 * Style of a plain text layer: font, size, alignment and fill. Colour, spacing, arc and background
 * are adjust-panel kinds (SPEC §3) and live in effects/LayerBasics.tsx.
 */
import { useTranslation } from 'react-i18next';
import { setTextProps } from '../../../../engine/commands';
import type { Gravity, TextValue } from '../../../../engine/doc/types';
import { TextGravity } from '../../../../engine/spec/kinds';
import { editingTextStore } from '../../canvas/canvasStores';
import { useEditor } from '../../EditorContext';
import { Icon, type IconName } from '../Icon';
import { FontField } from './FontField';
import { SliderField } from './SliderField';
import { TextFillField } from './TextFillField';
import { useGesture } from './useGesture';

const GRAVITY: Array<{ value: Gravity; icon: IconName; key: string }> = [
  { value: TextGravity.LEFT, icon: 'alignLeft', key: 'editor.text.left' },
  { value: TextGravity.CENTER, icon: 'alignCenter', key: 'editor.text.center' },
  { value: TextGravity.RIGHT, icon: 'alignRight', key: 'editor.text.right' },
];

export function TextProperties({ layerId, text }: { layerId: string; text: TextValue }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const gesture = useGesture();
  const style = (props: Partial<TextValue>) => gesture.exec(setTextProps, { layerId, props });
  const slider = (key: keyof TextValue, label: string, min: number, max: number) => (
    <SliderField
      label={label}
      value={Math.round(Number(text[key]) || 0)}
      min={min}
      max={max}
      gesture={gesture}
      gestureLabel={setTextProps.name}
      onChange={(value) => style({ [key]: value })}
      testId={`props.text.${key}`}
    />
  );

  return (
    <>
      {/* A button as well as double-click / double-tap: on a phone the handles may hide the text. */}
      <button type="button" className="button button--secondary ed-wide" onClick={() => editingTextStore.set(layerId)} data-testid="props.text.edit">
        <Icon name="edit" />
        {t('designer.text.edit')}
      </button>
      <FontField layerId={layerId} fontName={text.fontName} />
      {slider('fontSize', t('editor.text.size'), 8, 600)}
      <div className="ed-field">
        <span className="ed-field__label" id={`${layerId}-align`}>
          {t('editor.text.align')}
        </span>
        <div className="ed-group" role="group" aria-labelledby={`${layerId}-align`}>
          {GRAVITY.map(({ value, icon, key }) => (
            <button
              key={value}
              type="button"
              className={`ed-icon-button${text.gravity === value ? ' is-active' : ''}`}
              aria-pressed={text.gravity === value}
              aria-label={t(key)}
              title={t(key)}
              onClick={() => editor.exec(setTextProps, { layerId, props: { gravity: value } })}
              data-testid={`props.text.gravity.${value}`}
            >
              <Icon name={icon} />
            </button>
          ))}
        </div>
      </div>
      <TextFillField layerId={layerId} text={text} />
    </>
  );
}
