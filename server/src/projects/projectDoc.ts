import { ProjectParseError, parseProject } from '../../../engine/doc/parseProject';
import { isValidProjectId, projectTypeFromId } from '../../../engine/doc/projectIds';
import type { Project } from '../../../engine/doc/types';
import { paramsInvalid } from '../envelope';
import type { DocFigures } from './projectRepository';

export const PROJECT_NAME_MAX = 120;

/** A whole-number figure for the list; anything odd counts as 0 (the document itself is what opens). */
function figure(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(1_000_000, Math.round(value))) : 0;
}

/**
 * Validates a document sent by a client: parseProject (the engine's own validation, which may drop
 * broken layers and report them as warnings), then the id rules of SPEC §3 — a well-formed
 * projectId whose prefix matches `type`, and, when saving, the id of the URL.
 */
export function checkProjectDoc(input: unknown, expectedId?: string): { project: Project; warnings: string[]; figures: DocFigures } {
  if (input === undefined || input === null) throw paramsInvalid('doc is required');
  // parseProject also reads JSON text (files); over the API the document is always a JSON object.
  if (typeof input !== 'object' || Array.isArray(input)) throw paramsInvalid('doc must be a project object');
  let parsed: { project: Project; warnings: string[] };
  try {
    parsed = parseProject(input);
  } catch (err) {
    if (err instanceof ProjectParseError) throw paramsInvalid(err.message);
    throw err;
  }
  const { project } = parsed;
  if (!isValidProjectId(project.projectId)) throw paramsInvalid('doc.projectId must start with PROJ_ or CUT_ and hold letters and digits');
  const idType = projectTypeFromId(project.projectId);
  if (project.type !== idType) throw paramsInvalid(`doc.type "${String(project.type)}" does not match the projectId prefix (${idType})`);
  if (expectedId !== undefined && project.projectId !== expectedId) throw paramsInvalid('doc.projectId differs from the project being saved');
  return {
    project,
    warnings: parsed.warnings,
    figures: { canvasW: figure(project.canvasW), canvasH: figure(project.canvasH), layerCount: project.layers.length },
  };
}

/** A project name from a rename: trimmed, 1..120 characters, no control characters. */
export function checkProjectName(input: unknown): string {
  if (typeof input !== 'string') throw paramsInvalid('name is required');
  const name = input.trim();
  const length = [...name].length;
  if (length < 1 || length > PROJECT_NAME_MAX) throw paramsInvalid(`name must be 1 to ${PROJECT_NAME_MAX} characters`);
  if (/[\u0000-\u001f\u007f]/.test(name)) throw paramsInvalid('name must not hold control characters');
  return name;
}

/** The stored name of a new project: its document's name, trimmed and cut to the limit ('' when none). */
export function initialName(project: Project): string {
  const raw = typeof project.name === 'string' ? project.name.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() : '';
  return [...raw].slice(0, PROJECT_NAME_MAX).join('');
}
