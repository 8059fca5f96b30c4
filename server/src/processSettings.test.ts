import { describe, expect, it } from 'vitest';
import { loadLogLevel, loadModelRuntime, loadProcessSettings } from './config';

describe('process settings (read from the environment in one place, config.ts)', () => {
  it('has the documented defaults', () => {
    expect(loadProcessSettings({})).toEqual({
      logLevel: 'info',
      trustProxy: false,
      heavyThreads: 0,
      heavyNice: 10,
      shutdownGraceSeconds: 20,
      shaderPlain: false,
      comfyConfigured: false,
      requestLogLevel: 'info',
    });
    expect(loadModelRuntime({ MODEL_DIR: '/srv/models' })).toEqual({
      useCuda: false,
      ortThreads: 2,
      modelDir: '/srv/models',
      isnetFixedSize: false,
      isnetOptLevel: null,
      idleReleaseMs: 900_000,
    });
  });

  it('reads what the operator set', () => {
    expect(
      loadProcessSettings({ TRUST_PROXY: '1', HEAVY_THREADS: '3', HEAVY_NICE: '40', NODE_ENV: 'development', COMFYUI_URL: 'http://gpu:8188' }),
    ).toMatchObject({ trustProxy: true, heavyThreads: 3, heavyNice: 19, shaderPlain: true, comfyConfigured: true });
  });

  it('refuses a bad number, naming the variable; an unknown log level is info', () => {
    expect(() => loadProcessSettings({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
    expect(() => loadProcessSettings({ HEAVY_THREADS: '-1' })).toThrow(/HEAVY_THREADS/);
    expect(loadLogLevel({ LOG_LEVEL: 'loud' })).toBe('info');
    expect(loadLogLevel({ LOG_LEVEL: 'warn' })).toBe('warn');
  });
});
