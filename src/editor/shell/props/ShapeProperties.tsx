/** For a shape layer: fill, outline colour and width, and (rectangles) rounded corners. */
import { useTranslation } from 'react-i18next';
import { setShapeStyle } from '../../../../engine/commands';
import type { ShapeValue } from '../../../../engine/doc/types';
import { MAX_SHAPE_STROKE } from '../../../../engine/spec/limits';
import { useEditor } from '../../EditorContext';
import { GestureSlider } from '../effectPanel/GestureSlider';
import { ColorField } from './ColorField';

export function ShapeProperties({ layerId, shape, size }: { layerId: string; shape: ShapeValue; size: { w: number; h: number } }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const write = (patch: Partial<ShapeValue>, first: boolean) => editor.exec(setShapeStyle, { layerId, patch }, { mark: first });
  const line = shape.kind === 'line';
  return (
    <>
      {!line && (
        <ColorField
          label={t('designer.shapes.fill')}
          value={shape.fill}
          noneLabel={t('designer.shapes.noFill')}
          onChange={(fill, first) => write({ fill }, first)}
          testId="props.shape.fill"
        />
      )}
      <ColorField
        label={line ? t('designer.shapes.lineColor') : t('designer.shapes.stroke')}
        value={shape.stroke}
        noneLabel={t('designer.shapes.noStroke')}
        onChange={(stroke, first) => write(shape.strokeWidth > 0 || !stroke ? { stroke } : { stroke, strokeWidth: 4 }, first)}
        testId="props.shape.stroke"
      />
      <GestureSlider
        label={line ? t('designer.shapes.thickness') : t('designer.shapes.strokeWidth')}
        value={Math.round(shape.strokeWidth)}
        min={line ? 1 : 0}
        max={MAX_SHAPE_STROKE / 2}
        gestureLabel={setShapeStyle.name}
        onChange={(strokeWidth, gesture) => gesture.exec(setShapeStyle, { layerId, patch: { strokeWidth } })}
        testId="props.shape.strokeWidth"
      />
      {shape.kind === 'rect' && (
        <GestureSlider
          label={t('designer.shapes.radius')}
          value={Math.round(shape.radius)}
          min={0}
          max={Math.max(1, Math.round(Math.min(size.w, size.h) / 2))}
          gestureLabel={setShapeStyle.name}
          onChange={(radius, gesture) => gesture.exec(setShapeStyle, { layerId, patch: { radius } })}
          testId="props.shape.radius"
        />
      )}
    </>
  );
}
