/**
 * The pro items of a project (SPEC §6): PRO fonts (unlockType 1), pro resources and stickers
 * (resNeedPro), pro colourful text styles, and a pro ID photo template (idPhotoParams.isPro).
 * Saving them is free; exporting them needs an active subscription. Client and server share this.
 */
import { isPremiumFont } from '../fonts/catalogue';
import { layerNeedsPro } from './clearLayers';
import type { Project } from './types';

export type ProItemKind = 'font' | 'resource' | 'colorfulText' | 'textStyle' | 'idPhotoTemplate';

export interface ProItem {
  kind: ProItemKind;
  /** The layer to remove to drop the item; null for the project's template. */
  layerId: string | null;
  /** Font name, resource id or template id, for the dialog. */
  name: string;
}

/** Every pro item of the project, one per layer (plus its template). */
export function proItemsOf(project: Project): ProItem[] {
  const items: ProItem[] = [];
  for (const layer of project.layers) {
    if (!layerNeedsPro(layer)) continue;
    const { value } = layer;
    if (value.valueType === 'text' && isPremiumFont(value.text.fontName)) items.push({ kind: 'font', layerId: layer.layerId, name: value.text.fontName });
    else if (value.valueType === 'text' && value.text.colorfulTextStylePro)
      items.push({ kind: 'textStyle', layerId: layer.layerId, name: value.text.colorfulTextStyleId });
    else if (value.valueType === 'colorfulText')
      items.push({ kind: 'colorfulText', layerId: layer.layerId, name: String(value.colorfulText.material.colorfulId ?? '') });
    else items.push({ kind: 'resource', layerId: layer.layerId, name: layer.resId || layer.resType });
  }
  if (project.idPhotoParams && project.idPhotoParams.isPro === true) {
    items.push({ kind: 'idPhotoTemplate', layerId: null, name: project.templateId });
  }
  return items;
}
