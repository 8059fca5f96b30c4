import { describe, expect, it } from 'vitest';
import v0 from './fixtures/project-v0.json';
import { CURRENT_SCHEMA_VERSION, MIGRATIONS, migrateDocument } from './migrations';
import { parseProject } from './parseProject';

describe('migrations', () => {
  it('form one contiguous chain from 0 to the current version', () => {
    MIGRATIONS.forEach((migration, i) => {
      expect(migration.from).toBe(i);
      expect(migration.to).toBe(i + 1);
    });
    expect(MIGRATIONS.at(-1)?.to).toBe(CURRENT_SCHEMA_VERSION);
  });

  it('v0 → v1: visible/locked/name added, opacity 0..1 → 0..100, rotation/scale → angle', () => {
    const doc = migrateDocument(structuredClone(v0) as Record<string, unknown>, 0);
    expect(doc.schemaVersion).toBe(1);
    const [photo, bg, title] = doc.layers as Record<string, unknown>[];
    expect(photo).toMatchObject({ visible: true, locked: false, name: '', opacity: 50, rect: { x: 100, y: 200, w: 400, h: 300, angle: 30 } });
    expect(photo.rect).not.toHaveProperty('rotation');
    expect(bg).toMatchObject({ opacity: 100, valueType: 'color' });
    // Scale 2 about the centre (400, 550): 400 × 200 at (200, 450).
    expect(title).toMatchObject({ opacity: 25, rect: { x: 200, y: 450, w: 400, h: 200, angle: 0 } });
  });

  it('keeps a v0 opacity above 1 as a percentage', () => {
    const doc = migrateDocument({ layers: [{ layerId: 'x', opacity: 60, rect: { x: 0, y: 0, w: 1, h: 1 } }] }, 0);
    expect((doc.layers as { opacity: number }[])[0].opacity).toBe(60);
  });

  it('the v0 fixture opens as a current project with every layer', () => {
    const { project, warnings } = parseProject(v0);
    expect(warnings).toEqual([]);
    expect(project.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(project.layers.map((l) => [l.layerId, l.index])).toEqual([
      ['bgLayer', 0],
      ['L_photo', 1],
      ['L_title', 2],
    ]);
    expect(project.layers[0]).toMatchObject({ value: { color: { color: '#FFEEDDFF' } }, opacity: 100, visible: true });
    expect(project.layers[1]).toMatchObject({ opacity: 50, flipV: true, rect: { angle: 30 } });
    expect(project.layers[2]).toMatchObject({
      opacity: 25,
      value: { text: { text: 'Hello', fontName: 'Pacifico', textColor: '#000000FF', lineSpacing: 0, curve: 0 } },
      shadowParams: { enabled: true, opacity: 40, blur: 12, shapeLength: 20, color: '#000000FF' },
    });
  });

  it('a document migrated once does not migrate again', () => {
    const once = parseProject(v0).project;
    expect(parseProject(JSON.parse(JSON.stringify(once))).project).toEqual(once);
  });

  it('a missing step is an error', () => {
    expect(() => migrateDocument({}, 0, [])).toThrow('no migration from schema version 0');
  });
});
