import { describe, expect, it } from 'vitest';
import { createImageLayer, createProject } from '../doc/factories';
import { applyDiff, diffProjects, invertDiff, isEmptyDiff, squashDiffs } from './diff';
import type { Layer, Project } from '../doc/types';

const base = createProject({ type: 'project', canvasW: 100, canvasH: 100 });
const image = (index: number): Layer => ({
  ...createImageLayer({ uri: `asset:${index}`, name: 'n', naturalW: 1, naturalH: 1, canvasW: 100, canvasH: 100 }),
  index,
});
const withLayers = (layers: Layer[]): Project => ({ ...base, layers: [base.layers[0], ...layers] });

describe('diff', () => {
  const a = image(1);
  const b = image(2);
  const one = withLayers([a]);
  const two = withLayers([a, b]);

  it('finds added, removed, updated layers and changed fields', () => {
    expect(isEmptyDiff(diffProjects(one, one))).toBe(true);
    expect(Object.keys(diffProjects(one, two).added)).toEqual([b.layerId]);
    expect(Object.keys(diffProjects(two, one).removed)).toEqual([b.layerId]);
    const moved = withLayers([{ ...a, opacity: 5 }]);
    expect(diffProjects(one, moved).updated[a.layerId][1].opacity).toBe(5);
    expect(diffProjects(one, { ...one, canvasW: 7 }).fields).toEqual([{ canvasW: 100 }, { canvasW: 7 }]);
  });

  it('apply then apply the inverse is the identity', () => {
    const after: Project = {
      ...withLayers([
        { ...b, index: 1 },
        { ...a, index: 2, opacity: 9 },
      ]),
      name: 'x',
    };
    const diff = diffProjects(two, after);
    expect(applyDiff(two, diff)).toEqual(after);
    expect(applyDiff(after, invertDiff(diff))).toEqual(two);
  });

  it('squash of consecutive diffs equals the direct diff in effect', () => {
    const p0 = one;
    const p1 = withLayers([a, b]);
    const p2 = withLayers([{ ...a, opacity: 1 }, b]);
    const p3 = withLayers([{ ...a, opacity: 1 }]);
    const squashed = squashDiffs(squashDiffs(diffProjects(p0, p1), diffProjects(p1, p2)), diffProjects(p2, p3));
    expect(applyDiff(p0, squashed)).toEqual(p3);
    expect(applyDiff(p3, invertDiff(squashed))).toEqual(p0);
    expect(squashed.added).toEqual({});
    expect(squashed.removed).toEqual({});
  });

  it('squash of remove then re-add is an update', () => {
    const changed = { ...a, opacity: 3 };
    const s = squashDiffs(diffProjects(one, withLayers([])), diffProjects(withLayers([]), withLayers([changed])));
    expect(Object.keys(s.updated)).toEqual([a.layerId]);
    expect(applyDiff(one, s)).toEqual(withLayers([changed]));
  });
});
