import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_PASSPHRASE } from '../../../engine/crypto/appSecrets';
import { SECURITY_FILE, loadSecurityConfig } from './securityConfig';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'security-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadSecurityConfig', () => {
  it('generates the secrets once and every later load (restart, worker process) reads the same ones', async () => {
    const first = loadSecurityConfig({}, dir);
    expect(first.baseKey.length).toBeGreaterThanOrEqual(32);
    expect(first.appConfig.AS.length).toBeGreaterThanOrEqual(32);
    expect(first.appConfig.AS).not.toBe(first.baseKey);
    expect(first.secretsFile).toBe(path.join(dir, SECURITY_FILE));
    const again = loadSecurityConfig({}, dir);
    expect(again.baseKey).toBe(first.baseKey);
    expect(again.appConfig.AS).toBe(first.appConfig.AS);
    // Another data folder is another install.
    const other = await mkdtemp(path.join(os.tmpdir(), 'security-'));
    try {
      expect(loadSecurityConfig({}, other).baseKey).not.toBe(first.baseKey);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('keeps the generated secrets readable by the owner only, and leaves no temporary files', async () => {
    loadSecurityConfig({}, path.join(dir, 'nested', 'data'));
    const file = path.join(dir, 'nested', 'data', SECURITY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual([SECURITY_FILE]);
  });

  it('uses a secrets file written first by another process', async () => {
    await writeFile(path.join(dir, SECURITY_FILE), JSON.stringify({ baseKey: 'base-from-other-process', requestSecret: 'request-from-other-process' }));
    const config = loadSecurityConfig({}, dir);
    expect(config.baseKey).toBe('base-from-other-process');
    expect(config.appConfig.AS).toBe('request-from-other-process');
  });

  it('takes the secrets from SA_BASE_KEY and SA_REQUEST_SECRET, and then writes no file', async () => {
    const config = loadSecurityConfig({ SA_BASE_KEY: 'b'.repeat(20), SA_REQUEST_SECRET: 'r'.repeat(20) }, dir);
    expect(config.baseKey).toBe('b'.repeat(20));
    expect(config.appConfig.AS).toBe('r'.repeat(20));
    expect(config.secretsFile).toBeNull();
    await expect(readFile(path.join(dir, SECURITY_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('defaults: text review on, picture review off, no OSS token, no endpoints, the compiled-in passphrase', () => {
    const config = loadSecurityConfig({}, dir);
    expect(config.appPassphrase).toBe(APP_PASSPHRASE);
    expect(config.appConfig).toEqual({ AS: config.appConfig.AS, OSS_TOKEN: '', enablePicReview: false, enableTextReview: true });
  });

  it('never serves OSS_TOKEN: the app config is public to every visitor', () => {
    const config = loadSecurityConfig({ OSS_TOKEN: 'real-storage-token' }, dir);
    expect(config.appConfig.OSS_TOKEN).toBe('');
    expect(JSON.stringify(config.appConfig)).not.toContain('real-storage-token');
  });

  it('reads the flags and the text review endpoints from the environment', () => {
    const config = loadSecurityConfig(
      { ENABLE_TEXT_REVIEW: '0', ENABLE_PIC_REVIEW: 'true', OSS_TOKEN: 'tok', TEXT_REVIEW_ENDPOINTS: ' https://a.example/check , http://b.example ,' },
      dir,
    );
    expect(config.appConfig).toMatchObject({
      enableTextReview: false,
      enablePicReview: true,
      OSS_TOKEN: '',
      textReviewEndpoints: ['https://a.example/check', 'http://b.example'],
    });
  });

  it('serves the production host list only in production', () => {
    const env = { SA_HOSTS: 'https://a.example=3,https://b.example=1', SA_DEV_HOSTS: 'http://dev.example=1' };
    expect(loadSecurityConfig({ ...env, NODE_ENV: 'production' }, dir)).toMatchObject({
      hostEnvironment: 'production',
      hosts: { 'https://a.example': 3, 'https://b.example': 1 },
    });
    expect(loadSecurityConfig(env, dir)).toMatchObject({ hostEnvironment: 'development', hosts: { 'http://dev.example': 1 } });
  });

  it('refuses malformed settings with a message naming the variable', async () => {
    expect(() => loadSecurityConfig({ ENABLE_PIC_REVIEW: 'maybe' }, dir)).toThrow(/ENABLE_PIC_REVIEW must be 1 or 0/);
    expect(() => loadSecurityConfig({ SA_BASE_KEY: 'short' }, dir)).toThrow(/SA_BASE_KEY must be at least 16/);
    expect(() => loadSecurityConfig({ TEXT_REVIEW_ENDPOINTS: 'ftp://x' }, dir)).toThrow(/TEXT_REVIEW_ENDPOINTS: "ftp:\/\/x"/);
    expect(() => loadSecurityConfig({ SA_HOSTS: 'a=x', NODE_ENV: 'production' }, dir)).toThrow(/weight is not a number/);
    await writeFile(path.join(dir, SECURITY_FILE), '{"baseKey":""}');
    expect(() => loadSecurityConfig({}, dir)).toThrow(/security.json is damaged/);
  });
});
