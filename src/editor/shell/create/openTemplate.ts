/**
 * A design template (a project document, SPEC §3) opened in the editor: the gallery at /template
 * hands its document here; it becomes the user's own new project (new id, the template's id and
 * name kept) stored on the server, with the template's pictures. Resolves with the project id, which
 * the caller opens at /create/edit?pid=….
 */
import { assetIdFromUri, hashBlob } from '../../../../engine/assets/AssetStore';
import { parseProject } from '../../../../engine/doc/parseProject';
import { createProjectId } from '../../../../engine/doc/projectIds';
import type { Project } from '../../../../engine/doc/types';
import { createProject as storeProject, uploadProjectAsset } from '../../../api/projectsApi';

export interface TemplateInput {
  /** The template's project document (JSON as stored in the gallery). */
  document: unknown;
  /** Stable template id, written to the project's templateId. */
  templateId: string;
  /** The name the new project gets (the template's title in the user's language). */
  name: string;
  /** Pictures the document refers to as `asset:<id>`, by that id (a template may use plain URLs instead). */
  assets?: ReadonlyMap<string, Blob>;
}

/** The project document a template becomes: a fresh id, the template's id and the given name. */
export function projectFromTemplate(input: Omit<TemplateInput, 'assets'>): Project {
  const { project } = parseProject(input.document);
  return { ...project, type: 'project', projectId: createProjectId('project'), templateId: input.templateId, name: input.name };
}

/** Stores a template as the user's new project; resolves with its id. Rejects with ProjectParseError for a broken document. */
export async function openTemplate(input: TemplateInput): Promise<string> {
  const doc = projectFromTemplate(input);
  await storeProject(doc);
  const referenced = new Set(doc.layers.flatMap((layer) => [layer.value.valueType === 'img' ? layer.value.img.uri : '', layer.mask?.uri ?? '']).map(assetIdFromUri).filter((id): id is string => !!id));
  for (const id of referenced) {
    const blob = input.assets?.get(id);
    // The id is the bytes' hash: a picture given under another id would be stored under its real one.
    if (blob && (await hashBlob(blob)) === id) await uploadProjectAsset(doc.projectId, id, blob);
  }
  return doc.projectId;
}

