import { createProjectId } from '../../../engine/doc/projectIds';
import type { Project, ProjectType } from '../../../engine/doc/types';

/** A complete, valid project document for tests: a white background layer and one text layer. */
export function testDoc(type: ProjectType = 'project', patch: Partial<Project> = {}): Project {
  const base = {
    layerId: 'bgLayer', type: 2 as const, index: 0, name: '', visible: true, locked: false, flipH: false, flipV: false,
    overColor: '', rect: { x: 0, y: 0, w: 1080, h: 1080, angle: 0 }, resId: '', resType: '', resNeedPro: false, opacity: 100,
    mask: null, filterParams: null, blendParams: null, outlineParams: null, shadowParams: null, adjustParams: null, reflectionParams: null,
  };
  return {
    schemaVersion: 1, type, projectId: createProjectId(type), name: 'Summer sale', platform: 'web', version: '1.8.0',
    templateId: '', canvasSizeId: '', canvasW: 1080, canvasH: 1080, exportW: 1080, exportH: 1080,
    layers: [
      { ...base, valueType: 'color', valueSource: 'none', value: { valueType: 'color', color: { color: '#FFFFFFFF' } } },
      {
        ...base, layerId: 'L_text000000000001', type: 4, index: 1, valueType: 'text', valueSource: 'none',
        rect: { x: 100, y: 100, w: 600, h: 120, angle: 0 },
        value: {
          valueType: 'text',
          text: {
            text: 'Hello', fontSize: 80, lineSpacing: 0, letterSpacing: 0, fontName: '', fontCategoryName: '', gravity: 1,
            textColor: '#000000FF', fillTextureName: '', resType: '', curve: 0, fillImageUrl: '', textBoardW: 0, textBoardH: 0,
            textMaxW: 0, backgroundColor: '', colorfulTextStyleId: '', colorfulTextStylePro: false,
          },
        },
      },
    ],
    idPhotoParams: null, aibgParams: null, aibgRecords: [], filterParams: null, adjustParams: null,
    ...patch,
  };
}
