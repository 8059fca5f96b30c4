/** The left tool rail's entries; 'text' acts at once, the others open a panel. */
import type { IconName } from '../Icon';

export type ToolId = 'image' | 'text' | 'colorful' | 'stickers' | 'shapes' | 'background' | 'adjust' | 'canvas';

export const TOOLS: ReadonlyArray<{ id: ToolId; icon: IconName; labelKey: string }> = [
  { id: 'image', icon: 'image', labelKey: 'editor.tools.image' },
  { id: 'text', icon: 'text', labelKey: 'editor.tools.text' },
  { id: 'colorful', icon: 'colorful', labelKey: 'editor.tools.colorful' },
  { id: 'stickers', icon: 'sticker', labelKey: 'editor.tools.stickers' },
  { id: 'shapes', icon: 'shapes', labelKey: 'designer.shapes.tool' },
  { id: 'background', icon: 'background', labelKey: 'editor.tools.background' },
  // Adjustments and filters for the whole canvas (a selected layer has its own in the properties panel).
  { id: 'adjust', icon: 'sliders', labelKey: 'effects.tool' },
  { id: 'canvas', icon: 'canvas', labelKey: 'editor.tools.canvas' },
];
