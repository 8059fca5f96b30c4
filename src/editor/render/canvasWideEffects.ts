/**
 * Canvas-wide adjustments and filter (project.adjustParams / project.filterParams): applied to the
 * composite of all layers. Export: always, at full size. Live: see CanvasEffectsOverlay.tsx.
 */
import type { Project } from '../../../engine/doc/types';
import { layerEffectPasses } from '../../../engine/effects/effectStack';
import { renderEffects } from './sharedRenderer';

/** The canvas-wide passes of a project (empty when they change nothing). */
export function canvasEffectPasses(project: Pick<Project, 'adjustParams' | 'filterParams' | 'canvasW'>) {
  return layerEffectPasses({ adjustParams: project.adjustParams ?? null, filterParams: project.filterParams ?? null }, { layerWidth: project.canvasW });
}

/** `canvas` (the composite) through the project's canvas-wide passes; the same canvas when none. */
export async function applyCanvasEffects(
  canvas: HTMLCanvasElement,
  project: Pick<Project, 'adjustParams' | 'filterParams' | 'canvasW'>,
  purpose: 'preview' | 'export' = 'export',
): Promise<HTMLCanvasElement> {
  const passes = canvasEffectPasses(project);
  if (passes.length === 0) return canvas;
  return renderEffects(canvas, passes, { width: canvas.width, height: canvas.height }, purpose);
}
