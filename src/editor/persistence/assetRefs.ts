/** The asset ids a document uses (the engine's projectAssetRefs, as a list). */
import { projectAssetRefs } from '../../../engine/io/assetRefs';
import type { Project } from '../../../engine/doc/types';

/** The distinct asset ids `project` refers to, bottom layer first. */
export function referencedAssetIds(project: Pick<Project, 'layers'>): string[] {
  return [...projectAssetRefs(project).keys()];
}
