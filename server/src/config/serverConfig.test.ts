import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { forgetProcessConfig, processConfig } from './processConfig';
import { loadServerConfig } from './serverConfig';

const dataDir = mkdtempSync(path.join(tmpdir(), 'server-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The server's variables in README "Configuration" (the VITE_* ones are the web build's). */
function documentedVariables(): string[] {
  const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5));
  const names = new Set<string>();
  for (const row of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const cell = row.split('|')[1];
    // `OIDC_<PROVIDER>_X` stands for both providers; `_Y` after it continues the same prefix.
    let prefix = '';
    for (const [, name] of cell.matchAll(/`([A-Z_][A-Z0-9_<>]+)`/g)) {
      const full = name.startsWith('_') ? `${prefix}${name.slice(1)}` : name;
      if (full.includes('<PROVIDER>')) {
        prefix = full.slice(0, full.indexOf('<PROVIDER>') + '<PROVIDER>_'.length);
        for (const p of ['GOOGLE', 'APPLE']) names.add(full.replace('<PROVIDER>', p));
      } else if (!full.startsWith('VITE_')) names.add(full);
    }
  }
  return [...names].sort();
}

/** A valid value for every documented variable, so that every loader reads every variable it knows. */
const FULL_ENV: NodeJS.ProcessEnv = {
  DATABASE_URL: 'postgres://db/lumacut',
  DATA_DIR: dataDir,
  PORT: '8081',
  HOST: '127.0.0.1',
  WORKERS: '2',
  WEB_DIR: '/srv/web',
  HEAVY_THREADS: '1',
  HEAVY_NICE: '5',
  SHUTDOWN_GRACE_SECONDS: '5',
  PUBLIC_URL: 'https://photos.example',
  TRUST_PROXY: '0',
  QUEUE_SCHEMA: 'q',
  USE_CUDA: '0',
  ORT_THREADS: '3',
  MODEL_DIR: '/srv/models',
  ISNET_OPT_LEVEL: 'all',
  ISNET_FIXED_SIZE: '0',
  MODEL_IDLE_RELEASE_S: '60',
  LOG_LEVEL: 'warn',
  LOG_REQUESTS: '0',
  SHADER_PLAIN: '0',
  ENABLE_TEXT_REVIEW: '1',
  ENABLE_PIC_REVIEW: '0',
  SENSITIVE_WORDS_FILE: '/srv/words.json',
  TRANSLATE_URL: 'http://lt:5000',
  TRANSLATE_API_KEY: 'k',
  SA_BASE_KEY: 'b'.repeat(20),
  SA_REQUEST_SECRET: 'r'.repeat(20),
  SA_HOSTS: 'a.example=1',
  SA_DEV_HOSTS: 'b.example=1',
  COMFYUI_URL: 'http://gpu:8188#2',
  WEBUI_URL: 'http://gpu:7860',
  COMFYUI_TOKEN: 't',
  COMFYUI_TOKEN_HEADER: 'X-Key',
  WEBUI_AUTH: 'u:p',
  GENERATION_TIMEOUT_S: '60',
  COMFYUI_WORKFLOW_DIR: '/srv/workflows',
  ADMIN_TOKEN: 'admin',
  ALLOWED_HOSTS: 'photos.lan',
  RATE_LIMIT_WINDOW_S: '30',
  RATE_LIMIT_API: '10',
  RATE_LIMIT_API_DEVICE: '9',
  RATE_LIMIT_TASKS: '8',
  RATE_LIMIT_TASKS_DEVICE: '7',
  RATE_LIMIT_UPLOADS: '6',
  RATE_LIMIT_UPLOADS_DEVICE: '5',
  RATE_LIMIT_REPORTS: '4',
  RATE_LIMIT_API_KEY: '11',
  TASK_QUEUE_MAX_PER_CLIENT: '3',
  PRESSURE_MAX_HEAP_MB: '900',
  PRESSURE_MAX_RSS_MB: '1000',
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '200',
  HSTS_MAX_AGE_S: '0',
  CSP_CONNECT_SRC: 'https://cdn.example',
  TEXT_REVIEW_ENDPOINTS: 'https://review.example/check',
  OSS_TOKEN: 'ignored',
  RETENTION_HOURS: '2',
  S3_BUCKET: 'b',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_REGION: 'r',
  S3_ACCESS_KEY_ID: 'k',
  S3_SECRET_ACCESS_KEY: 's',
  S3_FORCE_PATH_STYLE: '1',
  S3_PREFIX: 'p',
  S3_PRESIGN_EXPIRY: '60',
  UPLOAD_TMP_DIR: '/srv/spool',
  SMTP_URL: 'smtp://mail:25',
  MAIL_FROM: 'Photos <p@example>',
  SESSION_HOURS: '10',
  FREE_DAILY_CREDITS: '3',
  BILLING: 'on',
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk',
  STRIPE_WEBHOOK_SECRET: 'wh',
  STRIPE_API_URL: 'http://stripe-mock:12111',
  OIDC_GOOGLE_CLIENT_ID: 'g',
  OIDC_GOOGLE_CLIENT_SECRET: 's',
  OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
  OIDC_GOOGLE_RESPONSE_MODE: 'query',
  OIDC_APPLE_CLIENT_ID: 'a',
  OIDC_APPLE_CLIENT_SECRET: 's',
  OIDC_APPLE_ISSUER: 'https://appleid.apple.com',
  OIDC_APPLE_RESPONSE_MODE: 'form_post',
  NODE_ENV: 'test',
  PATH: '/usr/bin',
};

/** Variables every process has, read by the server but not its settings. */
const STANDARD = ['NODE_ENV', 'PATH', 'VITEST'];

describe('loadServerConfig: one configuration object', () => {
  it('is one frozen object whose sections are frozen too', () => {
    const config = loadServerConfig({ DATA_DIR: dataDir });
    expect(Object.isFrozen(config)).toBe(true);
    for (const section of ['server', 'process', 'models', 'generation', 'storage', 'accounts', 'security', 'limits', 'headers', 'origins', 'admin'] as const) {
      expect(Object.isFrozen(config[section]), section).toBe(true);
    }
    expect(() => {
      (config.server as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it('reads every variable README "Configuration" documents, and none it does not', () => {
    const documented = documentedVariables();
    // Two starts: some variables count only in production (SA_HOSTS) or without another (LOG_REQUESTS without LOG_LEVEL).
    const production = { ...FULL_ENV, NODE_ENV: 'production', LOG_LEVEL: undefined };
    const variables = [...new Set([...loadServerConfig(FULL_ENV).variables, ...loadServerConfig(production).variables])];
    expect(documented.filter((name) => !variables.includes(name))).toEqual([]);
    expect(variables.filter((name) => !documented.includes(name) && !STANDARD.includes(name))).toEqual([]);
  });

  it('carries what the operator set into its sections', () => {
    const config = loadServerConfig(FULL_ENV);
    expect(config.server).toMatchObject({ port: 8081, workers: 2, databaseUrl: 'postgres://db/lumacut', publicUrl: 'https://photos.example' });
    expect(config.generation.comfy).toEqual([{ url: 'http://gpu:8188', weight: 2 }]);
    expect(config.models).toMatchObject({ ortThreads: 3, modelDir: '/srv/models', isnetOptLevel: 'all', idleReleaseMs: 60_000 });
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'b' });
    expect(config.retentionMs).toBe(2 * 3600_000);
    expect(config.limits.maxActiveTasksPerClient).toBe(3);
    expect(config.admin).toEqual({ token: 'admin', allowLocal: true });
    expect(config.origins).toMatchObject({ publicUrl: 'https://photos.example', allowedHosts: ['photos.lan'], port: 8081 });
    expect(config.uploadTmpRoot).toBe('/srv/spool');
    expect(config.process.requestLogLevel).toBe('warn');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ COMFYUI_URL: 'gpu-box:8188' }, /COMFYUI_URL/],
    [{ ORT_THREADS: 'many' }, /ORT_THREADS/],
    [{ MODEL_IDLE_RELEASE_S: 'soon' }, /MODEL_IDLE_RELEASE_S/],
    [{ RETENTION_HOURS: '-1' }, /RETENTION_HOURS/],
    [{ RATE_LIMIT_API: 'lots' }, /RATE_LIMIT_API/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET/],
    [{ SESSION_HOURS: 'forever' }, /SESSION_HOURS/],
    [{ ALLOWED_HOSTS: 'http://x/' }, /ALLOWED_HOSTS/],
    [{ HSTS_MAX_AGE_S: 'long' }, /HSTS_MAX_AGE_S/],
    [{ ENABLE_PIC_REVIEW: 'maybe' }, /ENABLE_PIC_REVIEW/],
  ])('refuses %j at start-up, naming the variable', (env, message) => {
    expect(() => loadServerConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });
});

describe('processConfig', () => {
  it('reads the environment once and hands the same object to every module', () => {
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('PORT', '8123');
    forgetProcessConfig();
    try {
      const first = processConfig();
      vi.stubEnv('PORT', '8124');
      expect(processConfig()).toBe(first);
      expect(processConfig().server.port).toBe(8123);
    } finally {
      vi.unstubAllEnvs();
      forgetProcessConfig();
    }
  });
});
