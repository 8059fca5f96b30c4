/**
 * The mask being painted on an image layer: canvas-only state until "Done" stores the mask picture
 * and sets it with the layer.mask command as one undo step. The mask canvas covers the layer's whole
 * picture (at most MASK_MAX_SIDE on its long side): white shows, black hides.
 */
import type { Editor } from '../../../../engine/Editor';
import { setLayerMask } from '../../../../engine/commands';
import { loadImage, resolveImageUri } from '../../scene/imageCache';
import { MASK_MAX_SIDE, maskStore, type MaskPurpose, type MaskSession } from '../../scene/liveView';

// The session itself lives in the scene, which draws it live (picture pipeline: canvas → scene).
export { MASK_MAX_SIDE, maskStore, type BrushMode, type MaskPurpose, type MaskSession } from '../../scene/liveView';

/** Starts painting a mask on an image layer, from its current mask (or all shown). */
export async function startMask(editor: Editor, layerId: string, purpose: MaskPurpose = 'mask'): Promise<void> {
  const layer = editor.getLayer(layerId);
  if (!layer || layer.value.valueType !== 'img') return;
  const pictureUrl = resolveImageUri(layer.value.img.uri, editor.assets);
  if (!pictureUrl) return;
  const picture = await loadImage(pictureUrl);
  const scale = Math.min(1, MASK_MAX_SIDE / Math.max(picture.naturalWidth, picture.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(picture.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(picture.naturalHeight * scale));
  const ctx = canvas.getContext('2d')!;
  // A mask starts all shown (white); a retouch area starts empty (black).
  ctx.fillStyle = purpose === 'mask' ? '#ffffff' : '#000000';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const maskUrl = purpose === 'mask' && layer.mask ? resolveImageUri(layer.mask.uri, editor.assets) : null;
  if (maskUrl) ctx.drawImage(await loadImage(maskUrl), 0, 0, canvas.width, canvas.height);
  editor.select([layerId]);
  maskStore.set({
    layerId, purpose, canvas, natural: { w: picture.naturalWidth, h: picture.naturalHeight }, version: 0, mode: purpose === 'mask' ? 'hide' : 'show', size: 40,
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
