/**
 * "Open in editor" from a tool result: a project the size of the result whose one image layer is the
 * result, saved to the server with its image.
 * - A cut-out (background remover) makes a cut-outs project (CUT_…) on a transparent background,
 *   listed at /cutouts.
 * - A finished photo (enhanced, blurred, erased, extended, new background) makes a design project
 *   (PROJ_…) on white, listed at /project.
 */
import { assetUri, hashBlob } from '../../engine/assets/AssetStore';
import { createImageLayer, createProject } from '../../engine/doc/factories';
import type { ProjectType } from '../../engine/doc/types';
import { createProject as storeProject, uploadProjectAsset, uploadThumbnail } from '../api/projectsApi';

async function createResultProject(result: Blob, name: string, type: ProjectType, background: string): Promise<string> {
  const bitmap = await createImageBitmap(result);
  const { width, height } = bitmap;
  bitmap.close();
  const project = createProject({ type, canvasW: width, canvasH: height, name, background });
  const assetId = await hashBlob(result);
  const layer = createImageLayer({ uri: assetUri(assetId), name, naturalW: width, naturalH: height, canvasW: width, canvasH: height, source: 'gpuResult' });
  const doc = { ...project, layers: [...project.layers, { ...layer, rect: { x: 0, y: 0, w: width, h: height, angle: 0 } }] };
  await storeProject(doc);
  await uploadProjectAsset(doc.projectId, assetId, result);
  // The card in My projects shows the result at once (the editor refreshes it after later edits).
  await uploadThumbnail(doc.projectId, await thumbnailOf(result)).catch((error: unknown) => console.warn('thumbnail upload failed', error));
  return doc.projectId;
}

/** Longest side of a project card's thumbnail, in pixels. */
const THUMBNAIL_SIDE = 320;

/** A small PNG of `image` (alpha kept) for the project card. */
async function thumbnailOf(image: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(image);
  const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('thumbnail encoding failed'))), 'image/png'));
}

/** A cut-outs project (transparent background) for a cut-out; resolves to its id. */
export function createCutoutProject(result: Blob, name: string): Promise<string> {
  return createResultProject(result, name, 'cutouts', '#FFFFFF00');
}

/** A design project (white background) for a finished photo; resolves to its id. */
export function createPhotoProject(result: Blob, name: string): Promise<string> {
  return createResultProject(result, name, 'project', '#FFFFFFFF');
}
