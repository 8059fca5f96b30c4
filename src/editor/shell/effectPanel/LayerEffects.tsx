/**
 * The adjust panel for one selected layer: its kinds (SPEC §3) as foldable sections, in the order
 * kindsForLayer gives, with the hold-to-compare button on top. Effects with an on/off state keep
 * their switch in the heading, so they can be toggled while folded.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer } from '../../../../engine/doc/types';
import { OpacityControl } from '../props/OpacityControl';
import { AdjustPanel } from './AdjustPanel';
import { BlendModeField } from './BlendModeField';
import { CompareButton } from './CompareButton';
import { isOn, isTextLayer, toggledReflection, toggledShadow } from '../../../../engine/effects/effectDefaults';
import { EFFECT_PANEL_KINDS } from '../../../../engine/effects/layerEffectFields';
import { FilterGrid } from './FilterGrid';
import { EnableSwitch, KindSection } from './KindSection';
import { kindsForLayer, type AdjustPanelKind } from './kinds';
import { ColorKind, TextArcKind, TextBackgroundKind, TextSpacingKind } from './LayerBasics';
import { OutlineControls } from './OutlineControls';
import { ReflectionControls } from './ReflectionControls';
import { ShadowControls } from './ShadowControls';
import { useEffectWriter } from './useEffectWriter';
import { useThumbnailSource } from './useThumbnailSource';
import './effects.css';

/** Kinds unfolded until the user folds them: the ones that were always visible before the kinds existed. */
const OPEN_BY_DEFAULT: ReadonlySet<AdjustPanelKind> = new Set(['opacity', 'color', 'textSpacing', 'textArc', 'textBackground']);

/** Kinds that edit an effect object, so they change how the layer's pixels look: worth comparing against the original. */
function isEffectKind(kind: AdjustPanelKind): boolean {
  return (EFFECT_PANEL_KINDS as ReadonlySet<string>).has(kind);
}

export function LayerEffects({ layer }: { layer: Layer }) {
  const { t } = useTranslation();
  const writer = useEffectWriter({ kind: 'layer', layerId: layer.layerId });
  const kinds = kindsForLayer(layer);
  const source = useThumbnailSource(kinds.includes('filter') ? layer : null);
  const text = layer.value.valueType === 'text' ? layer.value.text : null;
  const forText = isTextLayer(layer);

  const body = (kind: AdjustPanelKind): ReactNode => {
    switch (kind) {
      case 'opacity':
        return <OpacityControl layers={[layer]} />;
      case 'color':
        return <ColorKind layer={layer} />;
      case 'textSpacing':
        return text && <TextSpacingKind layerId={layer.layerId} text={text} />;
      case 'textArc':
        return text && <TextArcKind layerId={layer.layerId} text={text} />;
      case 'textBackground':
        return text && <TextBackgroundKind layerId={layer.layerId} text={text} />;
      case 'adjust':
        return <AdjustPanel value={layer.adjustParams} writer={writer} />;
      case 'filter':
        return <FilterGrid value={layer.filterParams} writer={writer} source={source} />;
      case 'shadow':
        return isOn(layer.shadowParams) ? (
          <ShadowControls value={layer.shadowParams} writer={writer} forText={forText} />
        ) : (
          <p className="fx-note">{t('effects.shadow.off')}</p>
        );
      case 'outline':
        return <OutlineControls value={layer.outlineParams} writer={writer} />;
      case 'reflection':
        return isOn(layer.reflectionParams) ? (
          <ReflectionControls value={layer.reflectionParams} writer={writer} />
        ) : (
          <p className="fx-note">{t('effects.reflection.off')}</p>
        );
      case 'blendMode':
        return <BlendModeField value={layer.blendParams} writer={writer} />;
    }
  };

  const aside = (kind: AdjustPanelKind) => {
    if (kind === 'shadow') {
      return (unfold: () => void) => (
        <EnableSwitch
          checked={isOn(layer.shadowParams)}
          label={t('effects.shadow.enable')}
          onChange={(on) => {
            writer.update('shadowParams', (current) => toggledShadow(current, on, forText));
            if (on) unfold();
          }}
          testId="effects.shadow.enabled"
        />
      );
    }
    if (kind === 'reflection') {
      return (unfold: () => void) => (
        <EnableSwitch
          checked={isOn(layer.reflectionParams)}
          label={t('effects.reflection.enable')}
          onChange={(on) => {
            writer.update('reflectionParams', (current) => toggledReflection(current, on, writer.layer()?.rect ?? null));
            if (on) unfold();
          }}
          testId="effects.reflection.enabled"
        />
      );
    }
    return undefined;
  };

  return (
    <div className="fx-kinds" data-testid="effects.layer">
      {kinds.some((kind) => isEffectKind(kind)) && <CompareButton />}
      {kinds.map((kind) => (
        <KindSection key={kind} kind={kind} defaultOpen={OPEN_BY_DEFAULT.has(kind)} aside={aside(kind)}>
          {body(kind)}
        </KindSection>
      ))}
    </div>
  );
}
