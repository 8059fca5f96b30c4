/**
 * ID photo projects (SPEC §3): an `IDP_` project whose canvas is the template's pixel size, with the
 * result as its image layer; `idPhotoParams` keeps what the edit page needs to redo the photo (the
 * template, the colour, the adjustments and the asset id of the original portrait, stored beside it).
 */
import { assetUri, hashBlob } from '../../../../engine/assets/AssetStore';
import { createImageLayer, createProject } from '../../../../engine/doc/factories';
import type { Project } from '../../../../engine/doc/types';
import { DEFAULT_ADJUST, normaliseAdjust, type IdPhotoAdjust } from '../../../../engine/idphoto/layout';
import { findIdPhotoTemplate } from '../../../../engine/idphoto/templates';
import { createProject as storeProject, saveProject, uploadProjectAsset, uploadThumbnail } from '../../../api/projectsApi';

export interface IdPhotoProjectParams {
  templateId: string;
  bgColor: string;
  adjust: IdPhotoAdjust;
  /** Asset id of the original portrait in the project's assets. */
  sourceAssetId: string;
  isPro: boolean;
}

/** Reads idPhotoParams back (null when the project is not an ID photo project or they are damaged). */
export function readIdPhotoParams(project: Project): IdPhotoProjectParams | null {
  const p = project.idPhotoParams;
  if (!p || typeof p.templateId !== 'string' || typeof p.sourceAssetId !== 'string' || !findIdPhotoTemplate(p.templateId)) return null;
  return {
    templateId: p.templateId,
    bgColor: typeof p.bgColor === 'string' ? p.bgColor : findIdPhotoTemplate(p.templateId)!.limitBgColors[0],
    adjust: normaliseAdjust((p.adjust ?? DEFAULT_ADJUST) as Partial<IdPhotoAdjust>),
    sourceAssetId: p.sourceAssetId,
    isPro: p.isPro === true,
  };
}

/** The document for a result: background in the chosen colour, the photo as the one image layer. */
async function documentFor(
  base: Project,
  result: Blob,
  params: Omit<IdPhotoProjectParams, 'isPro'>,
  name: string,
): Promise<{ doc: Project; resultAssetId: string }> {
  const template = findIdPhotoTemplate(params.templateId)!;
  const w = template.pixelWidth;
  const h = template.pixelHeight;
  const resultAssetId = await hashBlob(result);
  const layer = createImageLayer({ uri: assetUri(resultAssetId), name, naturalW: w, naturalH: h, canvasW: w, canvasH: h, source: 'gpuResult' });
  const fresh = createProject({ type: 'project', canvasW: w, canvasH: h, name, background: params.bgColor, templateId: template.templateId, idPhoto: true });
  const doc: Project = {
    ...fresh,
    projectId: base.projectId || fresh.projectId,
    name,
    layers: [...fresh.layers, { ...layer, rect: { x: 0, y: 0, w, h, angle: 0 } }],
    idPhotoParams: { ...params, isPro: template.isPro },
  };
  return { doc, resultAssetId };
}

/** Stores a new ID photo project with the portrait and the result; resolves to its `PROJ_IDP_…` id. */
export async function createIdPhotoProject(
  source: Blob,
  result: Blob,
  params: Omit<IdPhotoProjectParams, 'sourceAssetId' | 'isPro'>,
  name: string,
): Promise<string> {
  const sourceAssetId = await hashBlob(source);
  const { doc, resultAssetId } = await documentFor({ projectId: '' } as Project, result, { ...params, sourceAssetId }, name);
  await storeProject(doc);
  await uploadProjectAsset(doc.projectId, sourceAssetId, source);
  await uploadProjectAsset(doc.projectId, resultAssetId, result);
  await uploadThumbnail(doc.projectId, result).catch((error: unknown) => console.warn('thumbnail upload failed', error));
  return doc.projectId;
}

/** Saves the edited photo into the project (new result, new params); resolves to the new revision. */
export async function saveIdPhotoProject(project: Project, revision: number, result: Blob, params: IdPhotoProjectParams): Promise<number> {
  const { doc, resultAssetId } = await documentFor(project, result, params, project.name);
  await uploadProjectAsset(project.projectId, resultAssetId, result);
  const saved = await saveProject(project.projectId, doc, revision);
  await uploadThumbnail(project.projectId, result).catch((error: unknown) => console.warn('thumbnail upload failed', error));
  return saved.revision;
}
