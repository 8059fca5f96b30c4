/**
 * "Open in editor" from a tool result: a cut-outs project (CUT_…) the size of the result, on a
 * transparent background, whose one image layer is the result, saved to the server with its image.
 * Listed at /cutouts afterwards.
 */
import { assetUri, hashBlob } from '../../../engine/assets/AssetStore';
import { createImageLayer, createProject } from '../../../engine/doc/factories';
import { createProject as storeProject, uploadProjectAsset } from '../../api/projectsApi';

/** Creates and stores the project; resolves to its id. */
export async function createCutoutProject(result: Blob, name: string): Promise<string> {
  const bitmap = await createImageBitmap(result);
  const { width, height } = bitmap;
  bitmap.close();
  const project = createProject({ type: 'cutouts', canvasW: width, canvasH: height, name, background: '#FFFFFF00' });
  const assetId = await hashBlob(result);
  const layer = createImageLayer({ uri: assetUri(assetId), name, naturalW: width, naturalH: height, canvasW: width, canvasH: height, source: 'gpuResult' });
  const doc = { ...project, layers: [...project.layers, { ...layer, rect: { x: 0, y: 0, w: width, h: height, angle: 0 } }] };
  await storeProject(doc);
  await uploadProjectAsset(doc.projectId, assetId, result);
  return doc.projectId;
}
