/** Which stored assets a document uses: every `asset:<id>` in image values, masks and text fills. */
import { assetIdFromUri } from '../assets/AssetStore';
import type { Project } from '../doc/types';

/**
 * Asset id → ids of the layers that use it, bottom layer first.
 * @example [...projectAssetRefs(project).keys()] // ['9f86d0…']
 */
export function projectAssetRefs(project: Pick<Project, 'layers'>): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  const add = (uri: string | null | undefined, layerId: string) => {
    const id = uri ? assetIdFromUri(uri) : null;
    if (!id) return;
    const users = refs.get(id) ?? [];
    if (!users.includes(layerId)) users.push(layerId);
    refs.set(id, users);
  };
  for (const layer of project.layers) {
    if (layer.value.valueType === 'img') add(layer.value.img.uri, layer.layerId);
    if (layer.value.valueType === 'text') add(layer.value.text.fillImageUrl, layer.layerId);
    add(layer.mask?.uri, layer.layerId);
  }
  return refs;
}
