import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../tests/helpers/TestEditor';
import { parseProject } from '../doc/parseProject';
import { createShapeLayer } from '../doc/shapes';
import { setShapeStyle } from './setShapeStyle';

describe('shape layers', () => {
  it('adds a rectangle, an ellipse and a line, each one undo step', () => {
    const t = createTestEditor({ canvasW: 1000, canvasH: 800 });
    t.addLayer(createShapeLayer({ kind: 'rect', canvasW: 1000, canvasH: 800 }));
    t.addLayer(createShapeLayer({ kind: 'ellipse', canvasW: 1000, canvasH: 800 }));
    t.addLayer(createShapeLayer({ kind: 'line', canvasW: 1000, canvasH: 800 }));
    expect(t.project.layers.map((layer) => layer.value.valueType === 'shape' && layer.value.shape.kind)).toEqual([false, 'rect', 'ellipse', 'line']);
    expect(t.layer(t.lastId)).toMatchObject({ type: 5, rect: { w: 480, h: 24 }, value: { shape: { stroke: '#111827FF', strokeWidth: 8 } } });
    t.undo();
    expect(t.project.layers).toHaveLength(3);
  });

  it('changes fill, outline and corner radius; undo puts them back', () => {
    const t = createTestEditor().addLayer(createShapeLayer({ kind: 'rect', canvasW: 1000, canvasH: 800 }));
    const id = t.lastId;
    t.mark('style');
    t.exec(setShapeStyle, { layerId: id, patch: { fill: '#ff0000', stroke: '#000000', strokeWidth: 12, radius: 40 } });
    t.expectLayer(id).toMatchObject({ value: { shape: { fill: '#FF0000FF', stroke: '#000000FF', strokeWidth: 12, radius: 40 } } });
    t.undo();
    t.expectLayer(id).toMatchObject({ value: { shape: { fill: '#4F46E5FF', stroke: '', strokeWidth: 0, radius: 0 } } });
  });

  it('keeps sizes in range and removes a fill with ""', () => {
    const t = createTestEditor().addLayer(createShapeLayer({ kind: 'ellipse', canvasW: 1000, canvasH: 800 }));
    t.exec(setShapeStyle, { layerId: t.lastId, patch: { fill: '', strokeWidth: 9999, radius: -5 } });
    t.expectLayer(t.lastId).toMatchObject({ value: { shape: { fill: '', strokeWidth: 200, radius: 0 } } });
  });

  it('is refused on a layer that is not a shape', () => {
    const t = createTestEditor().addText('Hi');
    const before = t.snapshot();
    t.exec(setShapeStyle, { layerId: t.lastId, patch: { fill: '#FF0000' } });
    expect(t.project).toEqual(before);
  });

  it('survives saving and opening the document', () => {
    const t = createTestEditor().addLayer(createShapeLayer({ kind: 'rect', canvasW: 1000, canvasH: 800, radius: 24 }));
    const reopened = parseProject(JSON.parse(JSON.stringify(t.project)));
    expect(reopened.project.layers[1]).toMatchObject({ type: 5, valueType: 'shape', value: { shape: { kind: 'rect', radius: 24 } } });
    expect(reopened.warnings).toEqual([]);
  });
});
