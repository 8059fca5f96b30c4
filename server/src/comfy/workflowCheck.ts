import { isWidgetType, NODE_SCHEMAS, type NodeSchema } from './nodeSchemas';

/**
 * Checks that a workflow is well-formed ComfyUI API format: `{ "<node id>": { class_type, inputs } }`,
 * each class known, each required input present, each link `[nodeId, outputIndex]` pointing at an
 * existing node's output of the right type, each widget value of the right kind, no `{{name}}`
 * placeholder left unfilled, no cycle, and at least one output node. ComfyUI itself rejects most
 * of these at `POST /prompt` (prompt_outputs_failed_validation); we check the same before sending,
 * in the protocol test server, and in the conformance tests.
 */

/** One node of an API-format workflow. */
export interface ApiNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}
export type ApiWorkflow = Record<string, ApiNode>;

/** One problem, grouped by node as ComfyUI's `node_errors` are. */
export interface WorkflowProblem {
  nodeId: string | null;
  type: string;
  message: string;
  input?: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/;

export const isLink = (v: unknown): v is [string, number] =>
  Array.isArray(v) && v.length === 2 && (typeof v[0] === 'string' || typeof v[0] === 'number') && Number.isInteger(v[1]);

function widgetOk(type: string, value: unknown): boolean {
  switch (type) {
    case 'INT':
      return typeof value === 'number' && Number.isInteger(value);
    case 'FLOAT':
      return typeof value === 'number' && Number.isFinite(value);
    case 'STRING':
      return typeof value === 'string';
    case 'BOOLEAN':
      return typeof value === 'boolean';
    default:
      return false;
  }
}

/**
 * Returns every problem found; an empty list means the workflow is well-formed. `filled`: the workflow came out
 * of fillWorkflow, which replaces every placeholder of the template or throws, so a `{{word}}` left in a value is
 * the user's own text (a prompt may contain braces, issue 30 item 20) and no unfilled input.
 */
export function checkWorkflow(workflow: unknown, schemas: Record<string, NodeSchema> = NODE_SCHEMAS, options: { filled?: boolean } = {}): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  if (!workflow || typeof workflow !== 'object' || Array.isArray(workflow) || Object.keys(workflow).length === 0) {
    return [{ nodeId: null, type: 'invalid_prompt', message: 'the prompt must be a non-empty object of nodes (API format)' }];
  }
  const nodes = workflow as Record<string, unknown>;
  let outputs = 0;
  for (const [id, raw] of Object.entries(nodes)) {
    const add = (type: string, message: string, input?: string) => problems.push({ nodeId: id, type, message, input });
    if (!raw || typeof raw !== 'object') {
      add('invalid_node', `node ${id} is not an object`);
      continue;
    }
    const node = raw as Partial<ApiNode>;
    if (typeof node.class_type !== 'string') {
      add('invalid_node', `node ${id} has no class_type`);
      continue;
    }
    const schema = schemas[node.class_type];
    if (!schema) {
      add('missing_node_type', `node ${id}: class ${node.class_type} is not installed`);
      continue;
    }
    if (!node.inputs || typeof node.inputs !== 'object') {
      add('invalid_node', `node ${id} has no inputs`);
      continue;
    }
    if (schema.output) outputs++;
    const all = { ...schema.required, ...(schema.optional ?? {}) };
    for (const name of Object.keys(node.inputs)) {
      if (!(name in all)) add('unknown_input', `node ${id} (${node.class_type}): unknown input ${name}`, name);
    }
    for (const [name, type] of Object.entries(all)) {
      const value = node.inputs[name];
      const required = name in schema.required;
      if (value === undefined || value === null) {
        if (required) add('required_input_missing', `node ${id} (${node.class_type}): required input ${name} is missing`, name);
        continue;
      }
      if (isLink(value)) {
        const target = nodes[String(value[0])] as Partial<ApiNode> | undefined;
        const targetSchema = target && typeof target.class_type === 'string' ? schemas[target.class_type] : undefined;
        if (!target) {
          add('bad_linked_input', `node ${id}: input ${name} links to missing node ${value[0]}`, name);
          continue;
        }
        if (!targetSchema) continue; // reported on that node
        const outType = targetSchema.outputs[value[1]];
        if (!outType)
          add('bad_linked_input', `node ${id}: input ${name} links to output ${value[1]} of node ${value[0]}, which has ${targetSchema.outputs.length}`, name);
        else if (outType !== type) add('return_type_mismatch', `node ${id}: input ${name} wants ${type} but node ${value[0]} gives ${outType}`, name);
        continue;
      }
      if (!isWidgetType(type)) {
        add('input_not_connected', `node ${id} (${node.class_type}): input ${name} (${type}) must be connected to a node`, name);
        continue;
      }
      if (!options.filled && typeof value === 'string' && PLACEHOLDER.test(value)) {
        add('named_input_unfilled', `node ${id}: named input ${PLACEHOLDER.exec(value)![1]} was not filled in (input ${name})`, name);
        continue;
      }
      if (!widgetOk(type, value)) add('invalid_input_type', `node ${id}: input ${name} must be ${type}, got ${JSON.stringify(value).slice(0, 40)}`, name);
    }
  }
  if (outputs === 0 && problems.length === 0) problems.push({ nodeId: null, type: 'prompt_no_outputs', message: 'the prompt has no output node' });
  if (problems.length === 0 && hasCycle(nodes as ApiWorkflow))
    problems.push({ nodeId: null, type: 'dependency_cycle', message: 'the workflow links form a cycle' });
  return problems;
}

function hasCycle(nodes: ApiWorkflow): boolean {
  const state = new Map<string, 1 | 2>();
  const visit = (id: string): boolean => {
    if (state.get(id) === 2) return false;
    if (state.get(id) === 1) return true;
    state.set(id, 1);
    for (const v of Object.values(nodes[id]?.inputs ?? {})) if (isLink(v) && visit(String(v[0]))) return true;
    state.set(id, 2);
    return false;
  };
  return Object.keys(nodes).some((id) => visit(id));
}
