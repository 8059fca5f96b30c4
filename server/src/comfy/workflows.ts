import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import type { ApiWorkflow } from './workflowCheck';

/**
 * Workflow files (server/config/comfy-workflows/<name>.json, one per task type): an API-format
 * ComfyUI workflow whose values may be `{{name}}` placeholders, the named inputs with their kind
 * and default, and documentation (node packs, model files) that the README table is checked against.
 * A webui task type's file also holds an AUTOMATIC1111 payload template under `webui`.
 */

export type InputKind = 'string' | 'int' | 'float' | 'image' | 'bool';

export interface WorkflowInput {
  type: InputKind;
  default?: string | number | boolean;
  doc?: string;
}

export interface WorkflowFile {
  taskType: string;
  description: string;
  nodePacks: {
    name: string;
    url: string;
    /** Pins to install into ComfyUI's Python besides the pack's requirements (`transformers<5`). */
    pip?: string[];
    /** The earliest ComfyUI release (YYYY-MM) the pack runs on. */
    minComfyUI?: string;
  }[];
  models: { file: string; folder: string; source: string; licence?: string }[];
  inputs: Record<string, WorkflowInput>;
  /** Side of the square, in pixels, the model works best at (the processor scales to about resolution²). */
  resolution?: number;
  /** Other files for other params, e.g. aibg's CustomImage source. */
  variants?: Record<string, string>;
  workflow: ApiWorkflow;
  webui?: { endpoint: string; payload: Record<string, unknown> };
}

export type InputValues = Record<string, string | number | boolean>;

const cache = new Map<string, Promise<WorkflowFile>>();

/** Reads `name`.json from `dir` once per process (files are data shipped with the release). */
export function loadWorkflowFile(dir: string, name: string): Promise<WorkflowFile> {
  const file = path.join(dir, `${name}.json`);
  let p = cache.get(file);
  if (!p) {
    p = readFile(file, 'utf8').then((text) => JSON.parse(text) as WorkflowFile);
    p.catch(() => cache.delete(file));
    cache.set(file, p);
  }
  return p.catch((err: unknown) => {
    throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, `the workflow file ${name}.json cannot be read (${err instanceof Error ? err.message : String(err)})`);
  });
}

const WHOLE = /^\{\{\s*([A-Za-z0-9_]+)\s*\}\}$/;
const PART = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function coerce(name: string, spec: WorkflowInput | undefined, value: unknown): string | number | boolean {
  const kind = spec?.type ?? 'string';
  if (kind === 'int') {
    if (typeof value !== 'number' || !Number.isInteger(value)) throw new ApiError(ResultCode.PARAMS_INVALID, `${name} must be a whole number`);
    return value;
  }
  if (kind === 'float') {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new ApiError(ResultCode.PARAMS_INVALID, `${name} must be a number`);
    return value;
  }
  if (kind === 'bool') return Boolean(value);
  return String(value);
}

/**
 * The workflow (or `template`) with every `{{name}}` replaced: a value that is only a placeholder
 * takes the input's type (a number stays a number); a placeholder inside text is interpolated.
 * An input without a value or default is a defect of the caller: SERVER_ERROR naming it.
 */
export function fillWorkflow<T = ApiWorkflow>(file: WorkflowFile, values: InputValues, template: T = file.workflow as T): T {
  const inputValue = (name: string) => {
    const spec = file.inputs[name];
    const v = values[name] ?? spec?.default;
    if (v === undefined) throw new ApiError(ResultCode.SERVER_ERROR, `workflow ${file.taskType}: named input ${name} has no value`);
    return coerce(name, spec, v);
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const whole = WHOLE.exec(node);
      if (whole) return inputValue(whole[1]);
      return node.replace(PART, (_m, name: string) => String(inputValue(name)));
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(template) as T;
}

/** Names of the placeholders a template uses (for the conformance tests). */
export function placeholdersIn(template: unknown): Set<string> {
  const found = new Set<string>();
  const text = JSON.stringify(template);
  for (const m of text.matchAll(PART)) found.add(m[1]);
  return found;
}
