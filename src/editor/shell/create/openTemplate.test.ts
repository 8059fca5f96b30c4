import { describe, expect, it } from 'vitest';
import { createShapeLayer } from '../../../../engine/doc/shapes';
import { createProject, createTextLayer } from '../../../../engine/doc/factories';
import { projectFromTemplate } from './openTemplate';

describe('projectFromTemplate', () => {
  it('makes a template document the user\'s own new project, layers kept', () => {
    const template = createProject({ type: 'project', canvasW: 1080, canvasH: 1350, name: 'Template' });
    template.layers.push(
      { ...createShapeLayer({ kind: 'rect', canvasW: 1080, canvasH: 1350, radius: 24 }), index: 1 },
      { ...createTextLayer({ text: '夏季大促销', canvasW: 1080, canvasH: 1350, fontName: 'NotoSansSC' }), index: 2 },
    );
    const doc = projectFromTemplate({ document: JSON.parse(JSON.stringify(template)), templateId: 'tpl-summer-sale', name: 'Summer sale' });
    expect(doc.projectId).toMatch(/^PROJ_/);
    expect(doc.projectId).not.toBe(template.projectId);
    expect(doc).toMatchObject({ templateId: 'tpl-summer-sale', name: 'Summer sale', canvasW: 1080, canvasH: 1350 });
    expect(doc.layers.map((layer) => layer.valueType)).toEqual(['color', 'shape', 'text']);
  });

  it('rejects a document that is not a project', () => {
    expect(() => projectFromTemplate({ document: { hello: 1 }, templateId: 't', name: 'x' })).toThrow();
  });
});
