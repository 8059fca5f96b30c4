/** A colourful text style keeps its look; its font and main colour can still change. */
import { useTranslation } from 'react-i18next';
import { setColor } from '../../../../engine/commands';
import type { Layer } from '../../../../engine/doc/types';
import { useEditor } from '../../EditorContext';
import { ColorField } from './ColorField';
import { FontField } from './FontField';

export function ColorfulTextProperties({ layer }: { layer: Layer }) {
  const { t } = useTranslation();
  const editor = useEditor();
  if (layer.value.valueType !== 'colorfulText') return null;
  const first = layer.value.colorfulText.material.items.find((item) => item.kind === 'text');
  const attributes = first?.kind === 'text' ? first.attributes : null;
  return (
    <>
      <FontField layerId={layer.layerId} fontName={attributes?.fontFileName ?? ''} />
      <ColorField
        label={t('editor.text.color')}
        value={attributes?.colorStr ?? ''}
        onChange={(color, start) => editor.exec(setColor, { layerId: layer.layerId, color }, { mark: start })}
        testId="props.colorful.color"
      />
      <p className="ed-hint">{t('editor.colorful.editHint')}</p>
    </>
  );
}
