/**
 * The analysed portrait kept for free re-renders (issue 29, "What to build" 1): once a paid `idphoto`
 * task has found the face and cut the person out, another country, colour, output or head position is
 * only a new crop of the same cut-out. The task stores what that crop needs under the photo's SHA-256
 * (`idphoto/portraits/<hash>.json` + `.png`), and POST /api/idphoto/render reads it back (idphotoRoutes.ts).
 * Only someone holding the photo's exact bytes (or its project, whose asset id is that hash) can name it.
 *
 * The cut-out is stored at most STORED_HEAD_PX tall in the head: every template's head is smaller in its
 * output (the largest, 70 mm at 300 dpi, is under 700 px), so no render loses detail to it, and a 12 MP
 * photo's cut-out shrinks to a few hundred kB.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { parseAdvice, type IdPhotoAdvice } from '../../../engine/idphoto/checks';
import type { HeadMeasure } from '../../../engine/idphoto/layout';
import type { RawImage } from '../backgrounds/render';
import type { FileStorage } from '../storage/storage';
import type { PortraitAnalysis } from './analysePortrait';
import { Upright, type Point } from './upright';

/** Head height (crown to chin) of the stored cut-out, at most. */
export const STORED_HEAD_PX = 900;

/** Everything a re-render needs; coordinates in the SOURCE photo's upright pixels, the cut-out `k` times smaller. */
export interface StoredPortrait {
  width: number;
  height: number;
  centre: Point;
  rollDeg: number;
  head: HeadMeasure;
  faceWidth: number;
  advice: IdPhotoAdvice[];
  /** Cut-out px per source px (≤ 1). */
  k: number;
  cutout: RawImage;
  upright: Upright;
}

/** The hex SHA-256 of a photo's bytes: its key here and its asset id in a project. */
export function photoHash(input: Buffer): string {
  return createHash('sha256').update(input).digest('hex');
}

/** The analysis, reduced to what a re-render needs (the cut-out shrunk to STORED_HEAD_PX). */
export async function toStored(a: PortraitAnalysis): Promise<StoredPortrait> {
  const headPx = a.head.chinY - a.head.crownY;
  const k = Math.min(1, STORED_HEAD_PX / Math.max(1, headPx));
  let cutout = a.cutout;
  if (k < 1) {
    const w = Math.max(1, Math.round(a.cutout.width * k));
    const h = Math.max(1, Math.round(a.cutout.height * k));
    const data = await sharp(a.cutout.data, { raw: { width: a.cutout.width, height: a.cutout.height, channels: 4 } })
      .resize(w, h, { fit: 'fill' })
      .raw()
      .toBuffer();
    cutout = { data, width: w, height: h };
  }
  return {
    width: a.width,
    height: a.height,
    centre: a.upright.centre,
    rollDeg: a.upright.rollDeg,
    head: a.head,
    faceWidth: a.faceWidth,
    advice: a.advice,
    k: cutout.width / a.cutout.width,
    cutout,
    upright: a.upright,
  };
}

/**
 * The id an analysis is stored under: the photo's hash inside a folder of its owner (the account or device whose
 * task paid for it), so a free re-render is only ever of the caller's own analysis, never of another user's who
 * analysed the same photo.
 */
export function ownedPortraitId(owner: string | null | undefined, hash: string): string {
  return `${createHash('sha256')
    .update(`idphoto-owner:${owner ?? ''}`)
    .digest('hex')
    .slice(0, 32)}/${hash}`;
}

const PORTRAIT_ID = /^[0-9a-f]{32}\/[0-9a-f]{64}$/;
const keyOf = (id: string, ext: 'json' | 'png') => `idphoto/portraits/${id}.${ext}`;

/** Stores a portrait under its {@link ownedPortraitId} (the PNG keeps the cut-out's alpha). */
export async function savePortrait(storage: FileStorage, id: string, p: StoredPortrait): Promise<void> {
  if (!PORTRAIT_ID.test(id)) throw new Error('savePortrait: not an owned portrait id');
  const png = await sharp(p.cutout.data, { raw: { width: p.cutout.width, height: p.cutout.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  const meta = {
    version: 1,
    width: p.width,
    height: p.height,
    centre: p.centre,
    rollDeg: p.rollDeg,
    head: p.head,
    faceWidth: p.faceWidth,
    advice: p.advice,
    k: p.k,
  };
  await storage.put(keyOf(id, 'png'), png, 'image/png');
  await storage.put(keyOf(id, 'json'), Buffer.from(JSON.stringify(meta)), 'application/json');
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The stored files of an {@link ownedPortraitId} (JSON + PNG), or null when there are none (never made, another owner's, or swept by retention). */
export async function loadPortraitFiles(storage: FileStorage, id: string): Promise<{ json: Buffer; png: Buffer } | null> {
  if (!PORTRAIT_ID.test(id)) return null;
  const [json, png] = await Promise.all([storage.get(keyOf(id, 'json')), storage.get(keyOf(id, 'png'))]);
  return json && png ? { json: json.body, png: png.body } : null;
}

/** Decodes stored files into a portrait; null when they are damaged. */
export async function decodePortrait(json: Uint8Array, png: Uint8Array): Promise<StoredPortrait | null> {
  let meta: Record<string, unknown>;
  try {
    meta = JSON.parse(Buffer.from(json).toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  const head = meta.head as HeadMeasure | undefined;
  const centre = meta.centre as Point | undefined;
  if (
    meta.version !== 1 ||
    !head ||
    !centre ||
    ![meta.width, meta.height, meta.rollDeg, meta.faceWidth, meta.k, head.crownY, head.chinY, head.centreX, head.eyeY, centre.x, centre.y].every(num)
  )
    return null;
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: meta.width as number,
    height: meta.height as number,
    centre,
    rollDeg: meta.rollDeg as number,
    head,
    faceWidth: meta.faceWidth as number,
    advice: parseAdvice(meta.advice),
    k: meta.k as number,
    cutout: { data, width: info.width, height: info.height },
    upright: new Upright(centre, meta.rollDeg as number),
  };
}

/** The stored portrait of an {@link ownedPortraitId}, or null. */
export async function loadPortrait(storage: FileStorage, id: string): Promise<StoredPortrait | null> {
  const files = await loadPortraitFiles(storage, id);
  return files ? decodePortrait(files.json, files.png) : null;
}
