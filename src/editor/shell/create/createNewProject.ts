/** Makes a new project document from a size choice and stores it on the server; resolves with its id. */
import { createProject } from '../../../../engine/doc/factories';
import { createProject as storeProject } from '../../../api/projectsApi';
import type { CanvasSizeChoice } from '../../templates';

export async function createNewProject(choice: CanvasSizeChoice, name: string): Promise<string> {
  const project = createProject({
    type: 'project',
    canvasW: choice.canvasW,
    canvasH: choice.canvasH,
    canvasSizeId: choice.canvasSizeId,
    templateId: choice.templateId || undefined,
    background: choice.background,
    name,
  });
  await storeProject(project);
  return project.projectId;
}
