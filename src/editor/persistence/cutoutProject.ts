/**
 * "Open in editor" from a tool result: a project the size of the result whose one image layer is the
 * result, saved to the server with its image.
 * - A cut-out (background remover) makes a cut-outs project (CUT_…) on a transparent background,
 *   listed at /cutouts.
 * - A finished photo (enhanced, blurred, erased, extended, new background) makes a design project
 *   (PROJ_…) on white, listed at /project.
 */
import { assetUri, hashBlob } from '../../../engine/assets/AssetStore';
import { createImageLayer, createProject } from '../../../engine/doc/factories';
import type { ProjectType } from '../../../engine/doc/types';
import { createProject as storeProject, uploadProjectAsset } from '../../api/projectsApi';

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
  return doc.projectId;
}

/** A cut-outs project (transparent background) for a cut-out; resolves to its id. */
export function createCutoutProject(result: Blob, name: string): Promise<string> {
  return createResultProject(result, name, 'cutouts', '#FFFFFF00');
}

/** A design project (white background) for a finished photo; resolves to its id. */
export function createPhotoProject(result: Blob, name: string): Promise<string> {
  return createResultProject(result, name, 'project', '#FFFFFFFF');
}
