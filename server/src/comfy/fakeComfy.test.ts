import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { PROJECT_ROOT } from '../config';
import { ComfyClient } from './comfyClient';
import { generativeProcessor } from './generativeProcessors';
import { startFakeComfy, type FakeComfy } from './testing/fakeComfyServer';
import { jobHarness, testRuntime } from './testing/jobHarness';
import type { ApiWorkflow } from './workflowCheck';
import { fillWorkflow, loadWorkflowFile } from './workflows';

/**
 * The ComfyUI side of the protocol test server refuses at POST /prompt what a real ComfyUI refuses
 * (issue 30 item 19): a sampler or scheduler name not in KSampler's lists, a number out of its input's
 * range, a model file the server does not have, with ComfyUI's error types in `node_errors`.
 */

let fake: FakeComfy;
beforeAll(async () => {
  fake = await startFakeComfy();
});
afterAll(async () => {
  await fake.close();
});

const DIR = path.join(PROJECT_ROOT, 'server', 'config', 'comfy-workflows');
/** The text-to-image workflow, filled, with one input of its sampler or latent node changed. */
async function textToImage(node: 'KSampler' | 'EmptyLatentImage', input: string, value: unknown): Promise<ApiWorkflow> {
  const file = await loadWorkflowFile(DIR, 'aiGeneratePic');
  const wf = fillWorkflow(file, { prompt: 'a fox', style: '', negative_prompt: '', seed: 1, width: 1024, height: 1024 });
  Object.values(wf).find((n) => n.class_type === node)!.inputs[input] = value;
  return wf;
}

describe('fake ComfyUI: what POST /prompt refuses', () => {
  it('accepts the shipped workflow as it is', async () => {
    const wf = await textToImage('KSampler', 'steps', 25);
    await expect(new ComfyClient(fake.url).submit(wf, 'c1')).resolves.toEqual(expect.any(String));
  });

  it.each([
    ['an A1111-style sampler name', 'KSampler', 'sampler_name', 'dpmpp_2m_karras', /value_not_in_list|Value not in list: sampler_name/],
    ['a scheduler written as A1111 does', 'KSampler', 'scheduler', 'Karras', /Value not in list: scheduler/],
    ['zero steps', 'KSampler', 'steps', 0, /Value 0 smaller than min of 1: steps/],
    ['a denoise above 1', 'KSampler', 'denoise', 1.5, /Value 1.5 bigger than max of 1: denoise/],
    ['a negative seed', 'KSampler', 'seed', -1, /smaller than min of 0: seed/],
    ['a latent narrower than 16 px', 'EmptyLatentImage', 'width', 8, /smaller than min of 16: width/],
  ] as const)('refuses %s', async (_label, node, input, value, message) => {
    const wf = await textToImage(node, input, value);
    await expect(new ComfyClient(fake.url).submit(wf, 'c1')).rejects.toThrow(message);
  });

  it("answers the refusal in ComfyUI's shape, node_errors naming the node and the input", async () => {
    const wf = await textToImage('KSampler', 'sampler_name', 'DPM++ 2M');
    const res = await fetch(`${fake.url}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: wf, client_id: 'c1' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { type: string };
      node_errors: Record<string, { class_type: string; errors: { type: string; extra_info: { input_name: string } }[] }>;
    };
    expect(body.error.type).toBe('prompt_outputs_failed_validation');
    expect(body.node_errors['3']).toMatchObject({
      class_type: 'KSampler',
      errors: [{ type: 'value_not_in_list', extra_info: { input_name: 'sampler_name' } }],
    });
  });

  it('lists its combos and ranges in /object_info as ComfyUI does', async () => {
    const info = (await (await fetch(`${fake.url}/object_info`)).json()) as Record<string, { input: { required: Record<string, unknown[]> } }>;
    expect(info.KSampler.input.required.scheduler[0]).toContain('karras');
    expect(info.KSampler.input.required.steps).toEqual(['INT', { min: 1, max: 10000 }]);
    expect(info.CheckpointLoaderSimple.input.required.ckpt_name[0]).toContain('sd_xl_base_1.0.safetensors');
  });
});

describe('fake ComfyUI without a model file', () => {
  it('refuses a workflow loading a checkpoint it does not have: the job is -1003 naming the file', async () => {
    const bare = await startFakeComfy({ modelFiles: { checkpoints: ['some-other-model.safetensors'] } });
    const rt = testRuntime({ COMFYUI_URL: bare.url });
    const h = await jobHarness(null, { prompt: 'a fox', seed: 1 });
    try {
      await expect(generativeProcessor('aiGeneratePic', () => rt)(h.ctx)).rejects.toMatchObject({
        code: ResultCode.GPU_HANDLE_FAILED,
        message: expect.stringMatching(/missing node pack or model file.*ckpt_name: 'sd_xl_base_1\.0\.safetensors' not in/),
      });
      expect(bare.prompts).toHaveLength(0);
    } finally {
      rt.close();
      await h.cleanup();
      await bare.close();
    }
  });
});
