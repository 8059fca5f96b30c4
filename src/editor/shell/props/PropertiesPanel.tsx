/** The right-hand panel: what can be changed about the current selection. */
import { useTranslation } from 'react-i18next';
import { BACKGROUND_LAYER_ID } from '../../../../engine/spec/kinds';
import { useEditorSelector } from '../../EditorContext';
import { sameLayersApartFrom, selectedLayersOf } from '../../selectors';
import type { ContentActions } from '../actions/useContentActions';
import { LayerEffects } from '../effectPanel/LayerEffects';
import { useCompareKey } from '../effectPanel/useHoldToCompare';
import { useLayerName } from '../layers/useLayerName';
import { BackgroundPanel } from '../tools/BackgroundPanel';
import { ColorfulTextProperties } from './ColorfulTextProperties';
import { ImageProperties } from './ImageProperties';
import { LayerActions } from './LayerActions';
import { MaskControls } from './MaskControls';
import { OpacityControl } from './OpacityControl';
import { ShapeProperties } from './ShapeProperties';
import { TextProperties } from './TextProperties';
import { isMaskable } from '../../canvas/mask/maskStore';

const sameSelection = sameLayersApartFrom('rect');

export function PropertiesPanel({ actions }: { actions: ContentActions }) {
  const { t } = useTranslation();
  // Nothing here shows a position or size: a drag on the canvas re-renders nothing.
  const selected = useEditorSelector(selectedLayersOf, sameSelection);
  const content = selected.filter((layer) => layer.layerId !== BACKGROUND_LAYER_ID);
  const single = selected.length === 1 ? selected[0] : null;
  const name = useLayerName();
  // Backslash held = compare with the original, wherever the focus is (not while typing).
  useCompareKey();

  let body;
  if (selected.length === 0) {
    body = <p className="ed-empty">{t('editor.props.nothingSelected')}</p>;
  } else if (single?.layerId === BACKGROUND_LAYER_ID) {
    body = <BackgroundPanel actions={actions} />;
  } else {
    const value = single?.value;
    body = (
      <div className="ed-panel-body">
        <LayerActions layers={content} />
        {!single && <OpacityControl layers={content} />}
        {single && value?.valueType === 'text' && <TextProperties layerId={single.layerId} text={value.text} />}
        {single && value?.valueType === 'colorfulText' && <ColorfulTextProperties layer={single} />}
        {single && value?.valueType === 'img' && <ImageProperties layer={single} actions={actions} />}
        {single && value?.valueType === 'shape' && <ShapeProperties layerId={single.layerId} shape={value.shape} size={single.rect} />}
        {/* Pictures carry their mask controls beside crop; drawn layers get them here. */}
        {single && value && value.valueType !== 'img' && isMaskable(single) && <MaskControls layer={single} />}
        {/* The adjust-panel kinds (SPEC §3): opacity, colour, text spacing/arc/background, adjust, filter, shadow… */}
        {single && <LayerEffects layer={single} />}
      </div>
    );
  }

  return (
    <section className="ed-panel ed-props" aria-labelledby="ed-props-title" data-testid="props.panel">
      <h2 id="ed-props-title" className="ed-panel__title">
        {single ? name(single) : selected.length > 1 ? t('editor.props.many', { count: selected.length }) : t('editor.props.title')}
      </h2>
      {body}
    </section>
  );
}
