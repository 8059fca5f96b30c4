/**
 * Builds the bench's 50-layer design in Node with the engine's own factories and stores it, with its
 * image assets, on a running server through the project API (as the web app would).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { assetUri } from '../../engine/assets/AssetStore';
import { createImageLayer, createProject, createStickerLayer, createTextLayer } from '../../engine/doc/factories';
import type { Layer, Project } from '../../engine/doc/types';
import { STICKERS } from '../../engine/resources/stickers';

const FONTS = ['Roboto', 'Lobster', 'Bangers', 'Pacifico', 'Oswald'];

/** A 1920×1080 design with `count` layers: a third photos, a third texts, a third stickers. */
export async function storeBenchProject(baseUrl: string, deviceId: string, count = 50): Promise<Project> {
  const canvasW = 1920;
  const canvasH = 1080;
  const project = createProject({ type: 'project', canvasW, canvasH, name: `Bench ${count} layers` });
  const headers = { 'x-device-id': deviceId };
  const photos = await Promise.all(
    ['astronaut', 'chelsea', 'coffee'].map(async (name) => {
      const bytes = await sharp(await readFile(path.resolve('tests/assets/photos', `${name}.jpg`)))
        .resize(800)
        .jpeg({ quality: 85 })
        .toBuffer();
      const { width = 800, height = 800 } = await sharp(bytes).metadata();
      return { name, bytes, width, height, id: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
  const layers: Layer[] = [];
  for (let i = 0; i < count; i++) {
    const spot = { x: (i * 173) % (canvasW - 300), y: (i * 97) % (canvasH - 200) };
    let layer: Layer;
    if (i % 3 === 0) {
      const photo = photos[i % photos.length];
      layer = createImageLayer({ uri: assetUri(photo.id), name: photo.name, naturalW: photo.width, naturalH: photo.height, canvasW, canvasH });
      layer = { ...layer, rect: { ...layer.rect, ...spot, w: 320, h: Math.round((320 * photo.height) / photo.width) } };
    } else if (i % 3 === 1) {
      layer = createTextLayer({ text: `Layer ${i}`, canvasW, canvasH, fontName: FONTS[i % FONTS.length], fontSize: 64 });
      layer = { ...layer, rect: { ...layer.rect, ...spot } };
    } else {
      const sticker = STICKERS[i % STICKERS.length];
      layer = createStickerLayer({
        resId: sticker.resId,
        uri: `/stickers/${sticker.file}`,
        naturalW: 36,
        naturalH: 36,
        canvasW,
        canvasH,
        resNeedPro: sticker.resNeedPro,
      });
      layer = { ...layer, rect: { ...spot, w: 160, h: 160, angle: (i * 15) % 90 } };
    }
    layers.push(layer);
  }
  const doc: Project = { ...project, layers: [...project.layers, ...layers].map((layer, index) => ({ ...layer, index })) };
  const created = await fetch(`${baseUrl}/api/projects`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ doc }),
  });
  const reply = (await created.json()) as { resultCode: number; msg: string };
  if (reply.resultCode !== 100) throw new Error(`creating the bench project failed: ${reply.msg}`);
  for (const photo of photos) {
    const put = await fetch(`${baseUrl}/api/projects/${doc.projectId}/assets/${photo.id}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo.bytes),
    });
    if (!put.ok) throw new Error(`uploading ${photo.name} failed: HTTP ${put.status}`);
  }
  return doc;
}
