/**
 * The existing look controls, grouped under their adjust-panel kinds: colour (text colour or a
 * picture's tint), text spacing, text arc and text background. Test ids stay those of the
 * properties panel they came from.
 */
import { useTranslation } from 'react-i18next';
import { setColor, setTextProps } from '../../../../engine/commands';
import type { Layer, TextValue } from '../../../../engine/doc/types';
import { useEditor } from '../../EditorContext';
import { ColorField } from '../props/ColorField';
import { GestureSlider } from './GestureSlider';

/** Colour kind: a text's colour, or a picture's tint ('' = none). */
export function ColorKind({ layer }: { layer: Layer }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const { layerId } = layer;
  const write = (color: string, first: boolean) => editor.exec(setColor, { layerId, color }, { mark: first });
  if (layer.value.valueType === 'text') {
    return <ColorField label={t('editor.text.color')} value={layer.value.text.textColor} onChange={write} testId="props.text.color" />;
  }
  return <ColorField label={t('editor.props.tint')} value={layer.overColor} noneLabel={t('editor.props.noTint')} onChange={write} testId="props.tint" />;
}

function textSlider(layerId: string, text: TextValue, key: 'lineSpacing' | 'letterSpacing' | 'curve', label: string, min: number, max: number) {
  return (
    <GestureSlider
      label={label}
      value={Math.round(Number(text[key]) || 0)}
      min={min}
      max={max}
      gestureLabel={setTextProps.name}
      onChange={(value, gesture) => gesture.exec(setTextProps, { layerId, props: { [key]: value } })}
      testId={`props.text.${key}`}
    />
  );
}

/** Text spacing kind: line and letter spacing. */
export function TextSpacingKind({ layerId, text }: { layerId: string; text: TextValue }) {
  const { t } = useTranslation();
  return (
    <>
      {textSlider(layerId, text, 'lineSpacing', t('editor.text.lineSpacing'), -50, 200)}
      {textSlider(layerId, text, 'letterSpacing', t('editor.text.letterSpacing'), -20, 100)}
    </>
  );
}

/** Text arc kind: the curve, -100..100. */
export function TextArcKind({ layerId, text }: { layerId: string; text: TextValue }) {
  const { t } = useTranslation();
  return textSlider(layerId, text, 'curve', t('editor.text.curve'), -100, 100);
}

/** Text background kind: a colour behind the text, or none. */
export function TextBackgroundKind({ layerId, text }: { layerId: string; text: TextValue }) {
  const { t } = useTranslation();
  const editor = useEditor();
  return (
    <ColorField
      label={t('editor.text.background')}
      value={text.backgroundColor}
      noneLabel={t('editor.text.noBackground')}
      onChange={(color, first) => editor.exec(setTextProps, { layerId, props: { backgroundColor: color } }, { mark: first })}
      testId="props.text.background"
    />
  );
}
