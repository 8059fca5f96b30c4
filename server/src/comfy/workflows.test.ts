import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMFY_README_ANCHOR, GENERATIVE_TASK_TYPES, LEARNED_WHEN_CONFIGURED } from '../../../engine/spec/generation';
import { PROJECT_ROOT } from '../config';
import { checkInputValues } from './inputValueCheck';
import { NODE_INPUT_LIMITS } from './nodeInputLimits';
import { NODE_SCHEMAS } from './nodeSchemas';
import { DEFAULT_MODEL_FILES } from './testing/fakeModelFiles';
import { checkWorkflow } from './workflowCheck';
import { fillWorkflow, loadWorkflowFile, placeholdersIn, type WorkflowFile } from './workflows';

const DIR = path.join(PROJECT_ROOT, 'server', 'config', 'comfy-workflows');

/** A value of the right kind for every named input (images get an uploaded file's name). */
function sampleValues(file: WorkflowFile): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(file.inputs).map(([name, spec]) => {
      const v = spec.type === 'int' ? 512 : spec.type === 'float' ? 0.5 : spec.type === 'bool' ? true : spec.type === 'image' ? `${name}.png` : `a ${name}`;
      return [name, v];
    }),
  );
}

describe('workflow files', async () => {
  const names = (await readdir(DIR)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));

  it('exist for every generative task type and every learned local tool', () => {
    for (const type of [...GENERATIVE_TASK_TYPES, ...LEARNED_WHEN_CONFIGURED]) expect(names).toContain(type);
  });

  it.each(names)('%s is well-formed API format once its named inputs are filled', async (name) => {
    const file = await loadWorkflowFile(DIR, name);
    expect(file.description.length).toBeGreaterThan(20);
    expect(file.models.length).toBeGreaterThan(0);
    // Every placeholder is a declared input, and every declared input is used.
    const used = placeholdersIn(file.workflow);
    for (const p of used) expect(Object.keys(file.inputs)).toContain(p);
    if (file.webui) for (const p of placeholdersIn(file.webui.payload)) expect(Object.keys(file.inputs)).toContain(p);
    // Unfilled, the check names the placeholders; filled, it finds nothing.
    if (used.size > 0) expect(checkWorkflow(file.workflow).some((p) => p.type === 'named_input_unfilled')).toBe(true);
    expect(checkWorkflow(fillWorkflow(file, sampleValues(file)))).toEqual([]);
    // Issue 30 item 20: a prompt with braces is the user's text, kept as written, not an unfilled input.
    if (file.inputs.prompt) {
      const braced = fillWorkflow(file, { ...sampleValues(file), prompt: 'a {{word}} on a {{ table }}' });
      expect(checkWorkflow(braced, undefined, { filled: true })).toEqual([]);
      expect(JSON.stringify(braced)).toContain('a {{word}} on a {{ table }}');
    }
    // Its values are within what ComfyUI accepts (option lists, ranges, the model files it declares).
    expect(checkInputValues(fillWorkflow(file, sampleValues(file)), DEFAULT_MODEL_FILES)).toEqual([]);
    // The node packs named in the file are exactly those of its custom classes.
    const packs = new Set(
      Object.values(file.workflow)
        .map((n) => NODE_SCHEMAS[n.class_type].pack)
        .filter((p) => p !== 'core'),
    );
    expect(new Set(file.nodePacks.map((p) => p.name))).toEqual(new Set([...packs].map((p) => p.split(' ')[0])));
  });
});

describe('model files', async () => {
  const names = (await readdir(DIR)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
  /** [file name, models folder] of every file input (CheckpointLoaderSimple.ckpt_name…) of a workflow. */
  const loaded = (file: WorkflowFile) =>
    Object.values(file.workflow).flatMap((n) =>
      Object.entries(NODE_INPUT_LIMITS[n.class_type] ?? {}).flatMap(([input, limit]) => ('folder' in limit ? [[String(n.inputs[input]), limit.folder]] : [])),
    );

  it.each(names)('%s lists every model file it loads, with its folder', async (name) => {
    const file = await loadWorkflowFile(DIR, name);
    for (const [f, folder] of loaded(file)) expect(file.models).toContainEqual(expect.objectContaining({ file: f, folder: `models/${folder}` }));
  });

  it('the protocol test server has exactly the files the workflows load', async () => {
    const want: Record<string, Set<string>> = {};
    for (const name of names) for (const [f, folder] of loaded(await loadWorkflowFile(DIR, name))) (want[folder] ??= new Set()).add(f);
    expect(Object.fromEntries(Object.entries(want).map(([k, v]) => [k, [...v].sort()]))).toEqual(DEFAULT_MODEL_FILES);
  });
});

describe('README "Running ComfyUI"', async () => {
  const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  const heading = readme.split('\n').find(
    (l) =>
      l.startsWith('## ') &&
      l
        .slice(3)
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-') === COMFY_README_ANCHOR,
  );
  const section = heading ? readme.slice(readme.indexOf(heading), readme.indexOf('\n## ', readme.indexOf(heading) + 3)) : '';

  it('has the heading the pages link to (engine/spec COMFY_README_ANCHOR)', () => expect(heading).toBeDefined());

  it.each((await readdir(DIR)).filter((f) => f.endsWith('.json')))('names %s with its node packs and model files', async (f) => {
    const file = await loadWorkflowFile(DIR, f.replace(/\.json$/, ''));
    expect(section).toContain(`\`${f.replace(/\.json$/, '')}\``);
    for (const p of file.nodePacks) expect(section).toContain(p.url);
    // Each file with the folder it goes to, so an offline GPU host can be prepared from the table alone.
    for (const m of file.models) expect(section).toContain(`\`${m.file.split(' ')[0]}\` → \`${m.folder}\``);
    for (const p of file.nodePacks) {
      for (const pin of p.pip ?? []) expect(section).toContain(`pip install "${pin}"`);
      if (p.minComfyUI) expect(section).toMatch(new RegExp(`ComfyUI ${p.minComfyUI} or later[^\n]*${p.name}`));
    }
  });
});

describe('checkWorkflow', () => {
  const base = {
    '1': { class_type: 'LoadImage', inputs: { image: 'a.png' } },
    '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
  };
  it('accepts a minimal graph', () => expect(checkWorkflow(base)).toEqual([]));
  it.each([
    ['a missing required input', { ...base, '2': { class_type: 'SaveImage', inputs: { filename_prefix: 'x' } } }, 'required_input_missing'],
    ['a link to a missing node', { ...base, '2': { class_type: 'SaveImage', inputs: { images: ['9', 0], filename_prefix: 'x' } } }, 'bad_linked_input'],
    ['a link of the wrong type', { ...base, '2': { class_type: 'SaveImage', inputs: { images: ['1', 1], filename_prefix: 'x' } } }, 'return_type_mismatch'],
    ['a link input given a literal', { ...base, '2': { class_type: 'SaveImage', inputs: { images: 'pic', filename_prefix: 'x' } } }, 'input_not_connected'],
    ['an unknown class', { ...base, '3': { class_type: 'NoSuchNode', inputs: {} } }, 'missing_node_type'],
    ['an unfilled named input', { ...base, '1': { class_type: 'LoadImage', inputs: { image: '{{image}}' } } }, 'named_input_unfilled'],
    ['a widget of the wrong kind', { ...base, '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 3 } } }, 'invalid_input_type'],
    ['no output node', { '1': base['1'] }, 'prompt_no_outputs'],
    ['not an object', [], 'invalid_prompt'],
  ])('refuses %s', (_label, wf, type) => {
    expect(checkWorkflow(wf).map((p) => p.type)).toContain(type);
  });
  it('refuses a cycle', () => {
    const wf = {
      '1': { class_type: 'InvertMask', inputs: { mask: ['2', 0] } },
      '2': { class_type: 'InvertMask', inputs: { mask: ['1', 0] } },
      '3': { class_type: 'MaskToImage', inputs: { mask: ['1', 0] } },
      '4': { class_type: 'SaveImage', inputs: { images: ['3', 0], filename_prefix: 'x' } },
    };
    expect(checkWorkflow(wf).map((p) => p.type)).toEqual(['dependency_cycle']);
  });
});
