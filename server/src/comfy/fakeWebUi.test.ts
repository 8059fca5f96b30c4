import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { startFakeComfy, type FakeComfy } from './testing/fakeComfyServer';
import { resolveSampler } from './testing/webuiTable';
import { loadWorkflowFile } from './workflows';

/**
 * The AUTOMATIC1111 side of the protocol test server (issue 30 item 19): it refuses the names and values
 * v1.10.1 would not honour, and runs one job at a time the way the real queue lock does, so the client's
 * timeout and cancel tests (webui.test.ts) meet the behaviour of the real server.
 */

let fake: FakeComfy;
beforeAll(async () => {
  fake = await startFakeComfy();
});
afterAll(async () => {
  await fake.close();
});

const post = (route: string, body: unknown) =>
  fetch(fake.url + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const task = async (id: string) =>
  (await (await post('/internal/progress', { id_task: id, id_live_preview: -1 })).json()) as { active: boolean; queued: boolean; completed: boolean };
const ok = { prompt: 'a fox', steps: 2, width: 512, height: 512, cfg_scale: 7 };

describe('fake AUTOMATIC1111: what it refuses', () => {
  it.each([
    ['a sampler v1.10.1 does not have', { sampler_name: 'DPM++ 2M Karras Turbo' }],
    ['a ComfyUI sampler name', { sampler_name: 'dpmpp_2m' }],
    ['an unknown scheduler', { sampler_name: 'DPM++ 2M', scheduler: 'karras2' }],
    ['steps below the range', { steps: 0 }],
    ['a width above the range', { width: 4096 }],
    ['a denoising strength above 1', { denoising_strength: 1.5 }],
    ['a non-integer seed', { seed: 1.5 }],
  ])('refuses %s with 422', async (_label, change) => {
    const res = await post('/sdapi/v1/txt2img', { ...ok, ...change });
    expect(res.status).toBe(422);
  });

  it.each([
    ['a legacy sampler + scheduler name', { sampler_name: 'DPM++ 2M Karras' }],
    ['a sampler and a scheduler', { sampler_name: 'Euler a', scheduler: 'Karras' }],
    ['the scheduler by its name', { sampler_name: 'DPM++ SDE', scheduler: 'sgm_uniform' }],
  ])('accepts %s', async (_label, change) => {
    const res = await post('/sdapi/v1/txt2img', { ...ok, ...change });
    expect(res.status).toBe(200);
  });

  it('resolves names as v1.10.1 does', () => {
    expect(resolveSampler('DPM++ 2M Karras')).toEqual({ sampler: 'DPM++ 2M', scheduler: 'Automatic' });
    expect(resolveSampler('Euler a', 'Karras')).toEqual({ sampler: 'Euler a', scheduler: 'Karras' });
    expect(resolveSampler('DPM++ 2M SDE Heun Exponential')).toEqual({ sampler: 'DPM++ 2M SDE Heun', scheduler: 'Automatic' });
    expect(resolveSampler('k_dpmpp_2m')).toBeNull(); // aliases are for infotext, not the API
  });

  it('every shipped webui payload names a sampler v1.10.1 knows', async () => {
    const dir = path.join(PROJECT_ROOT, 'server', 'config', 'comfy-workflows');
    for (const f of (await readdir(dir)).filter((n) => n.endsWith('.json'))) {
      const payload = (await loadWorkflowFile(dir, f.replace(/\.json$/, ''))).webui?.payload;
      if (payload) expect(resolveSampler(String(payload.sampler_name), payload.scheduler as string | undefined), f).not.toBeNull();
    }
  });
});

describe('fake AUTOMATIC1111: one job at a time', () => {
  it('a second request waits, queued, until the first is done; each is known by its force_task_id', async () => {
    fake.behave({ steps: 20, stepDelayMs: 20 });
    try {
      const a = post('/sdapi/v1/txt2img', { ...ok, steps: 20, force_task_id: 'job-a' });
      for (let i = 0; i < 100 && !(await task('job-a')).active; i++) await new Promise((r) => setTimeout(r, 10));
      const b = post('/sdapi/v1/txt2img', { ...ok, steps: 20, force_task_id: 'job-b' });
      for (let i = 0; i < 100 && !(await task('job-b')).queued; i++) await new Promise((r) => setTimeout(r, 10));
      expect(await task('job-a')).toMatchObject({ active: true, queued: false });
      expect(await task('job-b')).toMatchObject({ active: false, queued: true });
      expect((await a).status).toBe(200);
      expect((await b).status).toBe(200);
      expect(await task('job-a')).toMatchObject({ active: false, completed: true });
      const runs = fake.webuiRuns.filter((r) => r.taskId.startsWith('job-'));
      expect(runs.map((r) => [r.taskId, r.stepsDone, r.interrupted])).toEqual([
        ['job-a', 20, false],
        ['job-b', 20, false],
      ]);
    } finally {
      fake.behave({ steps: 6, stepDelayMs: 25 });
    }
  });

  it('its interrupt is global: it stops whichever job is running, which still answers with a picture', async () => {
    fake.behave({ steps: 200, stepDelayMs: 20 });
    try {
      const a = post('/sdapi/v1/txt2img', { ...ok, force_task_id: 'job-c' });
      for (let i = 0; i < 100 && !(await task('job-c')).active; i++) await new Promise((r) => setTimeout(r, 10));
      await post('/sdapi/v1/interrupt', {});
      const res = await a;
      expect(res.status).toBe(200);
      expect(((await res.json()) as { images: string[] }).images).toHaveLength(1);
      const progress = (await (await fetch(`${fake.url}/sdapi/v1/progress`)).json()) as { state: { interrupted: boolean; job_count: number } };
      expect(progress.state).toMatchObject({ interrupted: true, job_count: 0 });
      expect(fake.webuiRuns.find((r) => r.taskId === 'job-c')).toMatchObject({ interrupted: true });
    } finally {
      fake.behave({ steps: 6, stepDelayMs: 25 });
    }
  });
});
