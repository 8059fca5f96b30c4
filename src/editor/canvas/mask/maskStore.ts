/**
 * The mask being painted on a layer: canvas-only state until "Done" stores the mask picture and sets
 * it with the layer.mask command as one undo step. White shows, black hides. On an image layer the
 * mask canvas covers the layer's whole picture (so a crop keeps it in place); on a text, colourful
 * text or shape layer it covers the layer's content box. At most MASK_MAX_SIDE on its long side.
 */
import type { Editor } from '../../../../engine/Editor';
import type { Layer } from '../../../../engine/doc/types';
import { setLayerMask } from '../../../../engine/commands';
import { loadImage, resolveImageUri } from '../../scene/imageCache';
import { MASK_MAX_SIDE, maskStore, type MaskPurpose, type MaskSession } from '../../scene/liveView';

// The session itself lives in the scene, which draws it live (picture pipeline: canvas → scene).
export { maskStore, type BrushMode, type MaskPurpose, type MaskSession } from '../../scene/liveView';

/** The size the mask covers: an image layer's picture, or the layer's box for drawn layers. */
async function maskFrame(editor: Editor, layer: Layer): Promise<{ w: number; h: number } | null> {
  if (layer.value.valueType === 'img') {
    const pictureUrl = resolveImageUri(layer.value.img.uri, editor.assets);
    if (!pictureUrl) return null;
    const picture = await loadImage(pictureUrl);
    return { w: picture.naturalWidth, h: picture.naturalHeight };
  }
  if (!MASKABLE_DRAWN.has(layer.value.valueType)) return null;
  return { w: Math.max(1, Math.abs(layer.rect.w)), h: Math.max(1, Math.abs(layer.rect.h)) };
}

/** Drawn layers (no picture of their own) whose content box a mask covers. */
const MASKABLE_DRAWN = new Set(['text', 'colorfulText', 'shape']);

/** Whether a layer can carry a painted mask (pictures, texts, colourful texts, shapes). */
export function isMaskable(layer: Layer): boolean {
  return layer.value.valueType === 'img' || MASKABLE_DRAWN.has(layer.value.valueType);
}

/** Starts painting a mask on a layer, from its current mask (or all shown). */
export async function startMask(editor: Editor, layerId: string, purpose: MaskPurpose = 'mask'): Promise<void> {
  const layer = editor.getLayer(layerId);
  if (!layer || (purpose === 'retouch' && layer.value.valueType !== 'img')) return;
  const natural = await maskFrame(editor, layer);
  if (!natural) return;
  // A drawn layer's box may be small on the canvas: its mask still gets MASK_MAX_SIDE on the long
  // side, so the brush edge stays smooth when the layer is scaled up later.
  const drawn = layer.value.valueType !== 'img';
  const scale = drawn ? MASK_MAX_SIDE / Math.max(natural.w, natural.h) : Math.min(1, MASK_MAX_SIDE / Math.max(natural.w, natural.h));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(natural.w * scale));
  canvas.height = Math.max(1, Math.round(natural.h * scale));
  const ctx = canvas.getContext('2d')!;
  // A mask starts all shown (white); a retouch area starts empty (black).
  ctx.fillStyle = purpose === 'mask' ? '#ffffff' : '#000000';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const maskUrl = purpose === 'mask' && layer.mask ? resolveImageUri(layer.mask.uri, editor.assets) : null;
  if (maskUrl) ctx.drawImage(await loadImage(maskUrl), 0, 0, canvas.width, canvas.height);
  editor.select([layerId]);
  maskStore.set({
    layerId,
    purpose,
    canvas,
    natural,
    version: 0,
    mode: purpose === 'mask' ? 'hide' : 'show',
    size: 40,
  });
}

export function setBrush(patch: Partial<Pick<MaskSession, 'mode' | 'size'>>): void {
  const session = maskStore.get();
  if (session) maskStore.set({ ...session, ...patch });
}

/** Paints a stroke segment from `from` to `to` (mask pixels) with a brush `radius` mask pixels wide. */
export function paintMask(from: { x: number; y: number }, to: { x: number; y: number }, radius: number): void {
  const session = maskStore.get();
  if (!session) return;
  const ctx = session.canvas.getContext('2d')!;
  ctx.strokeStyle = ctx.fillStyle = session.mode === 'hide' ? '#000000' : '#ffffff';
  ctx.lineWidth = radius * 2;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(to.x, to.y, radius, 0, Math.PI * 2);
  ctx.fill();
  maskStore.set({ ...session, version: session.version + 1 });
}

/** Stores the painted mask (through the shell's `storeImage`) and sets it on the layer (one undo step); ends painting. */
export async function commitMask(editor: Editor, storeImage: (editor: Editor, image: { blob: Blob }) => Promise<string>): Promise<void> {
  const session = maskStore.get();
  maskStore.set(null);
  if (!session) return;
  const blob = await new Promise<Blob | null>((resolve) => session.canvas.toBlob(resolve, 'image/png'));
  if (!blob) return;
  const uri = await storeImage(editor, { blob });
  editor.exec(setLayerMask, { layerId: session.layerId, mask: { name: 'mask.png', uri } });
}

/** The painted retouch area at the picture's own size (black/white PNG, white = erase); ends painting. */
export async function takeRetouchArea(): Promise<{ layerId: string; png: Blob } | null> {
  const session = maskStore.get();
  maskStore.set(null);
  if (!session || session.purpose !== 'retouch') return null;
  const full = document.createElement('canvas');
  full.width = session.natural.w;
  full.height = session.natural.h;
  full.getContext('2d')!.drawImage(session.canvas, 0, 0, full.width, full.height);
  const png = await new Promise<Blob | null>((resolve) => full.toBlob(resolve, 'image/png'));
  return png ? { layerId: session.layerId, png } : null;
}

export function cancelMask(): void {
  maskStore.set(null);
}
