import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encryptText } from '../../../../engine/crypto/shaderCipher';
import { cachedShader, clearShaderCache, GL_DEV_STORAGE_KEY, isShaderDevMode, loadShader, preDownloadShaders } from './shaderSource';

const GLSL = 'precision highp float;\nvoid main() { gl_FragColor = vec4(1.0); }\n';

/** A fetch double answering from a table of url → [status, body, headers]. */
function serve(routes: Record<string, [number, string, Record<string, string>?]>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    calls.push(url);
    const route = routes[url];
    if (!route) throw new TypeError('Failed to fetch');
    return new Response(route[1], { status: route[0], headers: route[2] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => {
  clearShaderCache();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('shader download', () => {
  it('in development asks for plain text and caches each file (one request)', async () => {
    vi.stubEnv('DEV', true);
    const calls = serve({ '/raw/gl/blur.frag?plain=1': [200, GLSL, { 'x-shader-encoding': 'plain' }] });
    expect(isShaderDevMode()).toBe(true);
    expect(await loadShader('blur.frag')).toBe(GLSL);
    expect(await loadShader('blur.frag')).toBe(GLSL);
    expect(calls).toEqual(['/raw/gl/blur.frag?plain=1']);
    expect(cachedShader('blur.frag')).toBe(GLSL);
  });

  it('in production fetches the encrypted text and decrypts it', async () => {
    vi.stubEnv('DEV', false);
    const calls = serve({ '/raw/gl/adjust.frag': [200, await encryptText(GLSL), { 'x-shader-encoding': 'aes-256-gcm' }] });
    expect(isShaderDevMode()).toBe(false);
    expect(await loadShader('adjust.frag')).toBe(GLSL);
    expect(calls).toEqual(['/raw/gl/adjust.frag']);
  });

  it("asks for plain text when localStorage 'lumacut.glDev' is '1', and accepts a plain answer anyway", async () => {
    vi.stubEnv('DEV', false);
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === GL_DEV_STORAGE_KEY ? '1' : null) });
    const calls = serve({ '/raw/gl/lut.frag?plain=1': [200, GLSL] });
    expect(await loadShader('lut.frag')).toBe(GLSL);
    expect(calls).toEqual(['/raw/gl/lut.frag?plain=1']);
  });

  it('a non-OK answer throws, is logged, and is not cached', async () => {
    vi.stubEnv('DEV', true);
    const calls = serve({ '/raw/gl/blend.frag?plain=1': [404, '{"resultCode":1}'] });
    await expect(loadShader('blend.frag')).rejects.toThrow('Shader blend.frag fetch failed: HTTP 404');
    expect(console.error).toHaveBeenCalledWith('Shader blend.frag fetch failed: HTTP 404');
    expect(cachedShader('blend.frag')).toBeUndefined();
    await expect(loadShader('blend.frag')).rejects.toThrow('HTTP 404');
    expect(calls).toHaveLength(2);
  });

  it('a corrupted cipher text throws a clear error', async () => {
    vi.stubEnv('DEV', false);
    const good = await encryptText(GLSL);
    const broken = good.slice(0, -8) + (good.slice(-8, -7) === 'A' ? 'B' : 'A') + good.slice(-7);
    serve({ '/raw/gl/adjust.frag': [200, broken] });
    await expect(loadShader('adjust.frag')).rejects.toThrow('could not be decrypted');
  });
});

describe('preDownloadShaders', () => {
  it('is true when every file arrives', async () => {
    vi.stubEnv('DEV', true);
    serve({ '/raw/gl/adjust.frag?plain=1': [200, GLSL], '/raw/gl/blur.frag?plain=1': [200, GLSL] });
    await expect(preDownloadShaders(['adjust.frag', 'blur.frag', 'adjust.frag'])).resolves.toBe(true);
    expect(cachedShader('adjust.frag')).toBe(GLSL);
  });

  it('is false on ANY failure (HTTP error or network error) and never throws', async () => {
    vi.stubEnv('DEV', true);
    serve({ '/raw/gl/adjust.frag?plain=1': [200, GLSL], '/raw/gl/lut.frag?plain=1': [500, 'oops'] });
    await expect(preDownloadShaders(['adjust.frag', 'lut.frag'])).resolves.toBe(false);
    await expect(preDownloadShaders(['missing.frag'])).resolves.toBe(false);
    // The file that did arrive is kept.
    expect(cachedShader('adjust.frag')).toBe(GLSL);
  });

  it('fetches nothing when no effect needs a shader', async () => {
    const calls = serve({});
    await expect(preDownloadShaders([])).resolves.toBe(true);
    expect(calls).toEqual([]);
  });
});
