import { NODE_INPUT_LIMITS, type InputLimit } from './nodeInputLimits';
import { isLink, type ApiWorkflow, type WorkflowProblem } from './workflowCheck';

/** Model files a server has, per ComfyUI models folder (`checkpoints`, `controlnet`, `inpaint`…). */
export type ModelFiles = Readonly<Record<string, readonly string[]>>;

/**
 * Checks each widget value of a well-formed workflow (checkWorkflow first) against nodeInputLimits.ts the
 * way ComfyUI's `POST /prompt` does: a combo value must be one of its options, a file name one of the
 * files the server has in that folder, a number within its min and max. Problems carry ComfyUI's types
 * and wording (value_not_in_list "Value not in list", value_smaller_than_min, value_bigger_than_max).
 *
 * The protocol test server runs it on every prompt, with the model files it pretends to have; the client
 * does not, so an operator's newer ComfyUI with more samplers stays usable with edited workflows.
 */
export function checkInputValues(workflow: ApiWorkflow, files: ModelFiles): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  for (const [id, node] of Object.entries(workflow)) {
    const limits: Readonly<Record<string, InputLimit>> = NODE_INPUT_LIMITS[node.class_type] ?? {};
    for (const [input, limit] of Object.entries(limits)) {
      const value = node.inputs[input];
      if (value === undefined || value === null || isLink(value)) continue;
      const at = `node ${id} (${node.class_type})`;
      if ('min' in limit) {
        if (typeof value !== 'number') continue; // a wrong kind is checkWorkflow's to report
        if (value < limit.min)
          problems.push({ nodeId: id, type: 'value_smaller_than_min', message: `${at}: Value ${value} smaller than min of ${limit.min}: ${input}`, input });
        else if (value > limit.max)
          problems.push({ nodeId: id, type: 'value_bigger_than_max', message: `${at}: Value ${value} bigger than max of ${limit.max}: ${input}`, input });
        continue;
      }
      const options = 'options' in limit ? limit.options : (files[limit.folder] ?? []);
      if (!options.includes(String(value))) {
        const shown =
          options.length > 8
            ? `[${options
                .slice(0, 8)
                .map((o) => `'${o}'`)
                .join(', ')}, …]`
            : `[${options.map((o) => `'${o}'`).join(', ')}]`;
        problems.push({ nodeId: id, type: 'value_not_in_list', message: `${at}: Value not in list: ${input}: '${String(value)}' not in ${shown}`, input });
      }
    }
  }
  return problems;
}
