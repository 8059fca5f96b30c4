/**
 * Fill textures for plain text (TextValue.fillTextureName + fillImageUrl). The canvas paints a
 * text with the picture at fillImageUrl; these named fills are small gradient pictures made on
 * the spot and stored as assets, so they export, save and travel in project files like any image.
 * Labels: `editor.fills.<id>` ('' → `editor.fills.none`).
 */
export const TEXT_FILLS = ['', 'gold', 'silver', 'rainbow', 'sunset', 'ocean'] as const;
export type TextFill = (typeof TEXT_FILLS)[number];

export const fillLabelKey = (id: string): string => `editor.fills.${id || 'none'}`;

/** Colour stops of each named fill, top to bottom. */
export const FILL_STOPS: Record<Exclude<TextFill, ''>, string[]> = {
  gold: ['#FFF3B0', '#E8B923', '#B8860B', '#F5D76E', '#A67C00'],
  silver: ['#FFFFFF', '#C0C4CC', '#8A9099', '#E3E6EA', '#6B7280'],
  rainbow: ['#EF4444', '#F59E0B', '#FACC15', '#22C55E', '#3B82F6', '#8B5CF6'],
  sunset: ['#FDE68A', '#FB923C', '#F43F5E', '#9333EA'],
  ocean: ['#A5F3FC', '#22D3EE', '#0EA5E9', '#1D4ED8'],
};

const SIZE = 256;

/** A SIZE×SIZE PNG of a named fill's vertical gradient (browser only). */
export function renderFill(id: Exclude<TextFill, ''>): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('2D canvas unavailable'));
  const gradient = ctx.createLinearGradient(0, 0, 0, SIZE);
  const stops = FILL_STOPS[id];
  stops.forEach((color, i) => gradient.addColorStop(i / (stops.length - 1), color));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, SIZE, SIZE);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'));
}

/** True for a fill name this list knows (others, from imported files, keep their picture). */
export function isKnownFill(name: string): name is TextFill {
  return (TEXT_FILLS as readonly string[]).includes(name);
}
