import { describe, expect, it } from 'vitest';
import { loadGenerationConfig, parseWeightedHosts } from '../config';
import { HostPool } from './hostPool';

/** A seeded generator, so counts are exact and repeatable. */
function lcg(seed = 1): () => number {
  let s = seed;
  return () => (s = (s * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32;
}

describe('HostPool (SPEC §7 weighted hosts)', () => {
  const hosts = [
    { url: 'http://a', weight: 3 },
    { url: 'http://b', weight: 1 },
  ];

  it('picks by weight: 3:1 over 4000 picks is within 2 % of 75 %', () => {
    const pool = new HostPool(
      hosts,
      async () => true,
      () => 0,
      lcg(),
    );
    let a = 0;
    for (let i = 0; i < 4000; i++) if (pool.pick()!.url === 'http://a') a++;
    expect(a / 4000).toBeGreaterThan(0.73);
    expect(a / 4000).toBeLessThan(0.77);
  });

  it('leaves a down server out until its back-off ends, then takes it back', () => {
    let now = 0;
    const pool = new HostPool(
      hosts,
      async () => true,
      () => now,
      lcg(),
    );
    pool.markDown('http://a');
    for (let i = 0; i < 50; i++) expect(pool.pick()!.url).toBe('http://b');
    now = 5_001;
    const seen = new Set(Array.from({ length: 50 }, () => pool.pick()!.url));
    expect(seen).toEqual(new Set(['http://a', 'http://b']));
  });

  it('doubles the back-off for a server that keeps failing, and a good health check resets it', async () => {
    let now = 0;
    let healthy = false;
    const pool = new HostPool(
      [
        { url: 'http://a', weight: 1 },
        { url: 'http://b', weight: 1 },
      ],
      async (url) => url === 'http://b' || healthy,
      () => now,
      lcg(),
    );
    await pool.checkAll();
    await pool.checkAll();
    expect(pool.snapshot()).toEqual([
      { url: 'http://a', weight: 1, up: false },
      { url: 'http://b', weight: 1, up: true },
    ]);
    now = 9_000; // past 5 s, not past the doubled 10 s
    expect(pool.snapshot()[0].up).toBe(false);
    healthy = true;
    await pool.checkAll();
    expect(pool.snapshot()[0].up).toBe(true);
  });

  it('tries every server when all are down, and skips the ones a job already tried', () => {
    const pool = new HostPool(
      hosts,
      async () => false,
      () => 0,
      lcg(),
    );
    pool.markDown('http://a');
    pool.markDown('http://b');
    expect(pool.pick()).not.toBeNull();
    expect(pool.pick(new Set(['http://a']))!.url).toBe('http://b');
    expect(pool.pick(new Set(['http://a', 'http://b']))).toBeNull();
  });
});

describe('generation config', () => {
  it('reads url#weight lists, the token header and the timeout', () => {
    const c = loadGenerationConfig({ COMFYUI_URL: 'http://gpu1:8188/#3, https://gpu2.example/comfy', COMFYUI_TOKEN: 's3cret', GENERATION_TIMEOUT_S: '90' });
    expect(c.comfy).toEqual([
      { url: 'http://gpu1:8188', weight: 3 },
      { url: 'https://gpu2.example/comfy', weight: 1 },
    ]);
    expect(c.comfyHeaders).toEqual({ Authorization: 'Bearer s3cret' });
    expect(c.timeoutMs).toBe(90_000);
    expect(loadGenerationConfig({ COMFYUI_TOKEN: 't', COMFYUI_TOKEN_HEADER: 'X-Api-Key' }).comfyHeaders).toEqual({ 'X-Api-Key': 't' });
    expect(loadGenerationConfig({ WEBUI_AUTH: 'u:p' }).webuiHeaders).toEqual({ Authorization: `Basic ${Buffer.from('u:p').toString('base64')}` });
    expect(loadGenerationConfig({}).comfy).toEqual([]);
  });

  it.each([['ftp://x'], ['not a url'], ['http://x#0'], ['http://x#-2'], ['http://x#many']])('refuses %s naming the variable', (value) => {
    expect(() => parseWeightedHosts(value, 'COMFYUI_URL')).toThrow(/COMFYUI_URL/);
  });
});
