/**
 * Document diffs: what changed between two immutable Project snapshots, keyed by layer id.
 * Layers are replaced, never mutated, so an unchanged layer is the same object in both snapshots
 * and diffing is a reference check per layer.
 */
import type { Layer, Project } from '../doc/types';

/** Project fields other than `layers`. */
export type ProjectFields = Omit<Project, 'layers'>;

export interface ProjectDiff {
  added: Record<string, Layer>;
  removed: Record<string, Layer>;
  /** [before, after] per changed layer. */
  updated: Record<string, [Layer, Layer]>;
  /** Changed top-level fields: [before, after]; null when none changed. */
  fields: [Partial<ProjectFields>, Partial<ProjectFields>] | null;
}

/** True when the diff changes nothing. */
export function isEmptyDiff(diff: ProjectDiff): boolean {
  return !diff.fields && !Object.keys(diff.added).length && !Object.keys(diff.removed).length && !Object.keys(diff.updated).length;
}

/**
 * The diff that turns `before` into `after`.
 * @example diffProjects(doc, {...doc, name: 'x'}).fields // [{name: old}, {name: 'x'}]
 */
export function diffProjects(before: Project, after: Project): ProjectDiff {
  const diff: ProjectDiff = { added: {}, removed: {}, updated: {}, fields: null };
  if (before === after) return diff;
  const beforeLayers = new Map(before.layers.map((layer) => [layer.layerId, layer]));
  for (const layer of after.layers) {
    const old = beforeLayers.get(layer.layerId);
    if (!old) diff.added[layer.layerId] = layer;
    else if (old !== layer) diff.updated[layer.layerId] = [old, layer];
    beforeLayers.delete(layer.layerId);
  }
  for (const [id, layer] of beforeLayers) diff.removed[id] = layer;
  const from: Partial<ProjectFields> = {};
  const to: Partial<ProjectFields> = {};
  for (const key of Object.keys({ ...before, ...after }) as (keyof ProjectFields)[]) {
    if ((key as string) === 'layers' || before[key] === after[key]) continue;
    (from as Record<string, unknown>)[key] = before[key];
    (to as Record<string, unknown>)[key] = after[key];
  }
  if (Object.keys(from).length) diff.fields = [from, to];
  return diff;
}

/** The diff that undoes `diff`. */
export function invertDiff(diff: ProjectDiff): ProjectDiff {
  const updated: ProjectDiff['updated'] = {};
  for (const [id, [before, after]] of Object.entries(diff.updated)) updated[id] = [after, before];
  return { added: diff.removed, removed: diff.added, updated, fields: diff.fields ? [diff.fields[1], diff.fields[0]] : null };
}

/** Applies `diff` to `project`, returning a new snapshot with layers ordered by `index`. */
export function applyDiff(project: Project, diff: ProjectDiff): Project {
  if (isEmptyDiff(diff)) return project;
  const layers = project.layers.filter((layer) => !(layer.layerId in diff.removed)).map((layer) => diff.updated[layer.layerId]?.[1] ?? layer);
  layers.push(...Object.values(diff.added));
  layers.sort((a, b) => a.index - b.index);
  return { ...project, ...(diff.fields ? diff.fields[1] : {}), layers };
}

/** One diff with the effect of `first` then `second` (used to squash a gesture into one step). */
export function squashDiffs(first: ProjectDiff, second: ProjectDiff): ProjectDiff {
  const added = { ...first.added };
  const removed = { ...first.removed };
  const updated = { ...first.updated };
  for (const [id, layer] of Object.entries(second.added)) {
    if (id in removed) {
      const original = removed[id];
      delete removed[id];
      if (original !== layer) updated[id] = [original, layer];
    } else added[id] = layer;
  }
  for (const [id, [, after]] of Object.entries(second.updated)) {
    if (id in added) added[id] = after;
    else if (id in updated) updated[id] = [updated[id][0], after];
    else updated[id] = second.updated[id];
  }
  for (const [id, layer] of Object.entries(second.removed)) {
    if (id in added) delete added[id];
    else if (id in updated) {
      removed[id] = updated[id][0];
      delete updated[id];
    } else removed[id] = layer;
  }
  let fields = first.fields;
  if (second.fields) {
    fields = fields
      ? [
          { ...second.fields[0], ...fields[0] },
          { ...fields[1], ...second.fields[1] },
        ]
      : second.fields;
  }
  return { added, removed, updated, fields };
}
