/**
 * Project files (.zip, see engine/io/projectZip.ts): download the open project, or import one as a
 * new project on the server. An import never touches the open document: it makes a new project id,
 * saves it, uploads its images and hands back the id to open. A malformed zip rejects with the
 * engine's ProjectParseError (its message says what is wrong) before anything is stored.
 */
import type { Editor } from '../../../engine/Editor';
import { exportProjectZip, importProjectZip } from '../../../engine/io/projectZip';
import { createProjectId } from '../../../engine/doc/projectIds';
import { createProject, uploadProjectAsset } from '../../api/projectsApi';
import { saveBlob } from '../../tools/exportImage';
import { projectZipName } from '../../tools/downloadName';
import { dropPendingAsset, keepPendingAsset } from './pendingAssets';

/** Downloads the open project as `<name>.zip`; every image it uses must be in the store (loaded). */
export async function downloadProjectZip(editor: Editor): Promise<void> {
  const project = editor.getProject();
  const blob = await exportProjectZip(project, editor.assets);
  saveBlob(blob, projectZipName(project.name, project.projectId));
}

export interface ImportedProject {
  pid: string;
  /** Layers dropped and images missing from the zip. */
  warnings: string[];
}

/** The file name without its extension, as a fallback project name. */
const baseName = (file: Blob) => (file instanceof File ? file.name.replace(/\.[^.]+$/, '') : '');

/** Imports a project zip as a new project; rejects (nothing stored) when the zip cannot be read. */
export async function importZipAsNewProject(file: Blob): Promise<ImportedProject> {
  const { project, assets, warnings } = await importProjectZip(file);
  const pid = createProjectId(project.type);
  const doc = { ...project, projectId: pid, name: project.name || baseName(file) };
  // Kept offline first: if an upload below fails, the editor finds the bytes here and uploads them later.
  await Promise.all([...assets].map(([id, blob]) => keepPendingAsset(pid, id, blob)));
  await createProject(doc);
  for (const [id, blob] of assets) {
    try {
      await uploadProjectAsset(pid, id, blob);
      void dropPendingAsset(pid, id);
    } catch (error) {
      console.warn('asset upload after import failed; the editor retries', error);
    }
  }
  return { pid, warnings };
}
