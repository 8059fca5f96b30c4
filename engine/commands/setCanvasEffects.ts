import { defineCommand } from './defineCommand';
import type { Project } from '../doc/types';
import { CANVAS_EFFECT_KEYS, type CanvasEffectField } from '../effects/layerEffectFields';

/** What the canvas-wide adjust panel may change: the project's own adjustments and filter (SPEC §3). */
export type CanvasEffectsPatch = Partial<Pick<Project, CanvasEffectField>>;

/**
 * Replaces the project-wide adjustment and filter objects (null removes one). Keys other than
 * `adjustParams` / `filterParams` are ignored, so a panel cannot resize or re-layer the canvas
 * through it. A patch that changes nothing records nothing (the Editor drops empty diffs).
 * @example editor.exec(setCanvasEffects, { patch: { filterParams: { categoryName: 'Film', uid: 'film-01', strength: 80 } } })
 */
export const setCanvasEffects = defineCommand({
  name: 'canvas.effects',
  label: 'effects.commands.canvas',
  run(editor, { patch }: { patch: CanvasEffectsPatch }) {
    const picked: CanvasEffectsPatch = {};
    for (const key of CANVAS_EFFECT_KEYS) if (key in patch) (picked as Record<string, unknown>)[key] = patch[key] ?? null;
    if (Object.keys(picked).length === 0) return;
    editor.update((current) => ({ ...current, ...picked }));
  },
});
