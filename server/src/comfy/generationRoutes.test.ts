import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMFY_README_ANCHOR } from '../../../engine/spec/generation';
import { registerGenerationRoutes } from './generationRoutes';
import { testRuntime } from './testing/jobHarness';

describe('GET /api/generation/status', () => {
  it('without servers: nothing available, the reason and the README anchor', async () => {
    const rt = testRuntime({});
    const app = Fastify();
    registerGenerationRoutes(app, () => rt);
    const body = (await app.inject({ method: 'GET', url: '/api/generation/status' })).json();
    expect(body.data.comfy).toEqual({ configured: false, servers: 0, up: 0 });
    expect(body.data.available.aiGeneratePic).toBe(false);
    expect(body.data.available.lama).toBe(false);
    expect(body.data.reason).toMatch(/COMFYUI_URL/);
    expect(body.data.readmeAnchor).toBe(COMFY_README_ANCHOR);
    rt.close();
    await app.close();
  });

  it('with a ComfyUI server: every type available, and no address is revealed', async () => {
    const rt = testRuntime({ COMFYUI_URL: 'http://10.0.0.7:8188#2' });
    const app = Fastify();
    registerGenerationRoutes(app, () => rt);
    const res = await app.inject({ method: 'GET', url: '/api/generation/status' });
    const body = res.json();
    expect(body.data.comfy.configured).toBe(true);
    expect(Object.values(body.data.available).every(Boolean)).toBe(true);
    expect(body.data.reason).toBeNull();
    expect(res.body).not.toContain('10.0.0.7');
    rt.close();
    await app.close();
  });

  it('with a malformed COMFYUI_URL: a reason naming it, not a 500', async () => {
    const app = Fastify();
    registerGenerationRoutes(app, () => testRuntime({ COMFYUI_URL: 'ftp://x' }));
    const res = await app.inject({ method: 'GET', url: '/api/generation/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reason).toMatch(/COMFYUI_URL/);
    await app.close();
  });
});
