/**
 * A plain text layer: Konva Text (or TextPath along an arc when curve ≠ 0) with an optional
 * background colour and texture fill. The content box is measured from the laid-out text and
 * centred on the layer's rect centre (see textStyle.ts for the unit mapping).
 */
import { memo, useMemo } from 'react';
import { Group, Rect, Text, TextPath } from 'react-konva';
import { toCssColor } from '../../../../engine/doc/color';
import type { Layer } from '../../../../engine/doc/types';
import { cssFamilyFor } from '../../../fonts/fontLoader';
import { useIsEditingText } from '../liveView';
import { resolveImageUri, useCachedImage } from '../imageCache';
import { textLayout, textureUri } from '../text/textStyle';
import { type NodeFx, fxNodeAttrs, useContentSignal } from '../effectNodes/nodeFx';
import { layerNodeAttrs } from './layerAttrs';
import { curvedTextGeometry, measureTextBox } from './measureText';
import { useScene } from '../sceneContext';
import { useFontsReady } from './useFontsReady';
import { MaskCutoutNode } from '../mask/MaskCutoutNode';
import { useLayerMask } from '../mask/useLayerMask';

export const TextLayerNode = memo(function TextLayerNode({ layer, fx }: { layer: Layer; fx?: NodeFx }) {
  const { assets, canvasW, interactive } = useScene();
  const value = layer.value.valueType === 'text' ? layer.value.text : null;
  const editing = useIsEditingText(layer.layerId);
  const fontName = value?.fontName ?? '';
  const text = value?.text ?? '';
  const fontsVersion = useFontsReady(useMemo(() => [{ fontName, text }], [fontName, text]));
  const layout = useMemo(() => (value ? textLayout(value, canvasW, cssFamilyFor(value.fontName)) : null), [value, canvasW]);
  const curve = value?.curve ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fontsVersion marks the font loaded: the text is measured again
  const geometry = useMemo(() => {
    if (!layout) return null;
    const curved = curve !== 0 ? curvedTextGeometry(layout, curve) : null;
    return { curved, box: curved ?? measureTextBox(layout) };
    // fontsVersion: re-measure once the real font is there.
  }, [layout, curve, fontsVersion]);
  const texture = useCachedImage(value ? resolveImageUri(textureUri(value), assets) : null);
  const mask = useLayerMask(layer);
  useContentSignal(fx, [value, layout, geometry, texture.image, fontsVersion, mask.source, mask.version]);
  if (!value || !layout || !geometry) return null;

  const { box, curved } = geometry;
  const paint = texture.image ? { fillPatternImage: texture.image, fillPatternRepeat: 'repeat' } : { fill: toCssColor(value.textColor) };
  const attrs = layerNodeAttrs(layer, box, interactive);
  // Konva shadows belong to shapes: the group's shapes each cast the layer's flat shadow.
  const shadow = fx?.shadow ?? {};
  // A blend mode composites the finished text (background and glyphs together) once; a mask
  // erases from the finished text only, not from the layers under it.
  const isolated = (!!fx && fx.globalCompositeOperation !== 'source-over') || !!mask.source;
  return (
    <Group {...attrs} {...fxNodeAttrs(fx, false)} isolated={isolated} visible={!(interactive && editing)}>
      {value.backgroundColor && <Rect width={box.width} height={box.height} fill={toCssColor(value.backgroundColor)} {...shadow} />}
      {curved ? (
        <TextPath
          key={fontsVersion}
          x={curved.pathX}
          y={curved.pathY}
          data={curved.data}
          text={layout.text.replace(/\s*\n\s*/g, ' ')}
          fontSize={layout.fontSize}
          fontFamily={layout.fontFamily}
          fontStyle={layout.fontStyle}
          letterSpacing={layout.letterSpacing}
          align="center"
          {...paint}
          {...shadow}
        />
      ) : (
        <Text key={fontsVersion} {...layout} width={box.width} {...paint} {...shadow} />
      )}
      <MaskCutoutNode mask={mask} width={box.width} height={box.height} />
      {/* Text hits its whole box already; an arc's glyphs alone would be hard to pick. */}
      {interactive && curved && <Rect width={box.width} height={box.height} fill="transparent" />}
    </Group>
  );
});
