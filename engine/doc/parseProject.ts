/**
 * Opens a project document (SPEC §3): JSON → migrations → zod validation. Broken or unknown layers
 * are dropped with a warning naming the layer and the field, so the rest of the document opens;
 * a document that cannot be opened at all throws ProjectParseError.
 */
import { LAYER_VALUE_TYPES, BACKGROUND_LAYER_ID } from '../spec/kinds';
import { createBackgroundLayer } from './factories';
import { CURRENT_SCHEMA_VERSION, documentVersion, migrateDocument, type RawDocument } from './migrations';
import { isValidProjectId, projectTypeFromId } from './projectIds';
import { formatIssues, layerSchema, projectFieldsSchema } from './schema';
import type { Layer, Project } from './types';

/** A project that cannot be opened at all (not an object, no layers array, unknown schema version…). */
export class ProjectParseError extends Error {
  override name = 'ProjectParseError';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Layer "L_x"`, or `Layer #3` (1-based) when the id is missing. */
function layerName(raw: unknown, position: number): string {
  const id = isRecord(raw) ? raw.layerId : undefined;
  return typeof id === 'string' && id ? `Layer "${id}"` : `Layer #${position + 1}`;
}

/** The raw document as an object: parses a JSON string too. */
function toRecord(input: unknown): RawDocument {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new ProjectParseError(`Project file is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!isRecord(value)) throw new ProjectParseError('Project must be a JSON object');
  return value;
}

function migrate(doc: RawDocument): RawDocument {
  const version = documentVersion(doc);
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new ProjectParseError(`schemaVersion: expected a whole number ≥ 0, got ${JSON.stringify(version)}`);
  }
  if (version > CURRENT_SCHEMA_VERSION) {
    throw new ProjectParseError(`schemaVersion ${version} is newer than this app supports (${CURRENT_SCHEMA_VERSION}); update the app`);
  }
  try {
    return migrateDocument(doc, version);
  } catch (error) {
    throw new ProjectParseError(`Cannot upgrade the project from schemaVersion ${version}: ${(error as Error).message}`);
  }
}

/** Validates layers one by one; returns the good ones and a warning per dropped one. */
function parseLayers(rawLayers: unknown[], warnings: string[]): Layer[] {
  const layers: Layer[] = [];
  const seen = new Set<string>();
  rawLayers.forEach((raw, position) => {
    const label = layerName(raw, position);
    const valueType = isRecord(raw) ? (raw.valueType ?? (isRecord(raw.value) ? raw.value.valueType : undefined)) : undefined;
    if (isRecord(raw) && typeof valueType === 'string' && !(LAYER_VALUE_TYPES as readonly string[]).includes(valueType)) {
      warnings.push(`${label} dropped: unknown layer type "${valueType}"`);
      return;
    }
    const result = layerSchema.safeParse(raw);
    if (!result.success) {
      warnings.push(`${label} dropped: ${formatIssues(result.error).join('; ')}`);
      return;
    }
    if (seen.has(result.data.layerId)) {
      warnings.push(`${label} dropped: duplicate layerId`);
      return;
    }
    seen.add(result.data.layerId);
    layers.push(result.data);
  });
  return layers;
}

/** Background first, then by index (ties keep file order); `index` renumbered to the position. */
function orderLayers(layers: Layer[]): Layer[] {
  const sorted = layers
    .map((layer, position) => ({ layer, position }))
    .sort((a, b) => a.layer.index - b.layer.index || a.position - b.position)
    .map(({ layer }) => layer);
  const bg = sorted.findIndex((layer) => layer.layerId === BACKGROUND_LAYER_ID);
  if (bg > 0) sorted.unshift(...sorted.splice(bg, 1));
  return sorted.map((layer, index) => (layer.index === index ? layer : { ...layer, index }));
}

/**
 * Parses `input` (a JSON value or JSON text) into a Project at CURRENT_SCHEMA_VERSION, filling
 * missing optional fields with defaults.
 * @example const { project, warnings } = parseProject(JSON.parse(text))
 * @throws ProjectParseError naming the field, e.g. "Invalid project: canvasW: Invalid input: expected number, received string"
 */
export function parseProject(input: unknown): { project: Project; warnings: string[] } {
  const raw = migrate(toRecord(input));
  if (!Array.isArray(raw.layers)) throw new ProjectParseError('Invalid project: layers: expected an array of layers');
  // A missing type is implied by the id prefix (PROJ_ / CUT_).
  const withType = raw.type === undefined && typeof raw.projectId === 'string' ? { ...raw, type: projectTypeFromId(raw.projectId) ?? undefined } : raw;
  const fields = projectFieldsSchema.safeParse(withType);
  if (!fields.success) throw new ProjectParseError(`Invalid project: ${formatIssues(fields.error).join('; ')}`);
  const { data } = fields;
  if (!isValidProjectId(data.projectId)) {
    throw new ProjectParseError(`Invalid project: projectId: "${data.projectId}" must start with PROJ_ or CUT_`);
  }
  if (projectTypeFromId(data.projectId) !== data.type) {
    throw new ProjectParseError(`Invalid project: projectId: "${data.projectId}" does not match type "${data.type}"`);
  }
  const warnings: string[] = [];
  const layers = parseLayers(raw.layers, warnings);
  if (!layers.some((layer) => layer.layerId === BACKGROUND_LAYER_ID)) {
    warnings.push('The background layer was missing or invalid; a white background was added');
    layers.unshift({ ...createBackgroundLayer(data.canvasW, data.canvasH), index: -1 });
  }
  const project: Project = {
    ...data,
    schemaVersion: CURRENT_SCHEMA_VERSION,
    exportW: data.exportW ?? data.canvasW,
    exportH: data.exportH ?? data.canvasH,
    layers: orderLayers(layers),
  };
  return { project, warnings };
}
