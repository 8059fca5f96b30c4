/**
 * The Adjust tool: adjustments and a filter for the whole canvas (project.adjustParams /
 * filterParams, written with setCanvasEffects), previewed on the largest picture in the design
 * or on a sample when there is none. Hold Compare to see the design without them.
 */
import { useTranslation } from 'react-i18next';
import type { EditorSnapshot } from '../../../../engine/Editor';
import type { Layer } from '../../../../engine/doc/types';
import { useEditorSelector } from '../../EditorContext';
import { AdjustPanel } from './AdjustPanel';
import { CompareButton } from './CompareButton';
import { FilterGrid } from './FilterGrid';
import { KindSection } from './KindSection';
import { useEffectWriter } from './useEffectWriter';
import { useThumbnailSource } from './useThumbnailSource';
import './effects.css';

/** The visible picture layer covering the most canvas, the best stand-in for "the photo" of a design. */
export function largestPicture(layers: readonly Layer[]): Layer | null {
  let best: Layer | null = null;
  for (const layer of layers) {
    if (layer.value.valueType !== 'img' || !layer.visible) continue;
    if (!best || layer.rect.w * layer.rect.h > best.rect.w * best.rect.h) best = layer;
  }
  return best;
}

const selectPicture = (snapshot: EditorSnapshot) => largestPicture(snapshot.project.layers);
/** Only the picture itself matters to the preview, not where it sits. */
const samePicture = (a: Layer | null, b: Layer | null) => a === b || (!!a && !!b && a.value === b.value);

export function CanvasEffectsPanel() {
  const { t } = useTranslation();
  const writer = useEffectWriter({ kind: 'canvas' });
  const adjust = useEditorSelector((s) => s.project.adjustParams);
  const filter = useEditorSelector((s) => s.project.filterParams);
  const picture = useEditorSelector(selectPicture, samePicture);
  const source = useThumbnailSource(picture);
  return (
    <div className="ed-panel-body fx-kinds" data-testid="effects.canvas">
      <p className="ed-hint">{t('effects.canvasHint')}</p>
      <CompareButton />
      <KindSection kind="adjust" scope="canvas" defaultOpen>
        <AdjustPanel value={adjust} writer={writer} />
      </KindSection>
      <KindSection kind="filter" scope="canvas" defaultOpen>
        <FilterGrid value={filter} writer={writer} source={source} />
      </KindSection>
    </div>
  );
}
