import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allocatorEnv, GLIBC_ALLOCATOR_ENV, JEMALLOC_CONF, JEMALLOC_PATHS, missingAllocatorEnv, withAllocatorEnv } from './allocator';
import { loadServerConfig } from './serverConfig';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const found = (file: string) => (other: string) => other === file;

describe('the allocator setting of the server', () => {
  it('preloads jemalloc where it is installed, and falls back to the glibc setting', () => {
    expect(allocatorEnv(found(JEMALLOC_PATHS[1]))).toEqual({ LD_PRELOAD: JEMALLOC_PATHS[1], MALLOC_CONF: JEMALLOC_CONF });
    expect(allocatorEnv(() => false)).toEqual(GLIBC_ALLOCATOR_ENV);
  });

  it('is added for launchers without overriding what the operator set', () => {
    expect(withAllocatorEnv({ PORT: '1' }, () => false)).toEqual({ PORT: '1', ...GLIBC_ALLOCATOR_ENV });
    expect(withAllocatorEnv({ PORT: '1' }, found(JEMALLOC_PATHS[0]))).toEqual({ PORT: '1', LD_PRELOAD: JEMALLOC_PATHS[0], MALLOC_CONF: JEMALLOC_CONF });
    expect(withAllocatorEnv({ MALLOC_MMAP_THRESHOLD_: '65536' }, found(JEMALLOC_PATHS[0]))).toEqual({ MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(withAllocatorEnv({ LD_PRELOAD: '/opt/tcmalloc.so' }, () => false)).toEqual({ LD_PRELOAD: '/opt/tcmalloc.so' });
  });

  it('is reported missing only on Linux, and only when neither setting is there', () => {
    expect(missingAllocatorEnv({}, 'linux')).toHaveLength(1);
    expect(missingAllocatorEnv({ LD_PRELOAD: JEMALLOC_PATHS[0] }, 'linux')).toEqual([]);
    expect(missingAllocatorEnv({ LD_PRELOAD: '/usr/lib/libasan.so' }, 'linux')).toHaveLength(1);
    expect(missingAllocatorEnv({ ...GLIBC_ALLOCATOR_ENV }, 'linux')).toEqual([]);
    expect(missingAllocatorEnv({}, 'darwin')).toEqual([]);
    const settings = loadServerConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'allocator-')) });
    expect(settings.allocatorMissing).toEqual(missingAllocatorEnv({}, process.platform));
  });

  it('is chosen the same way by npm start and the npm scripts that start the server or a worker', () => {
    const launcher = readFileSync(path.join(ROOT, 'scripts', 'with-allocator.sh'), 'utf8');
    for (const file of JEMALLOC_PATHS) expect(launcher).toContain(file);
    expect(launcher).toContain(`MALLOC_CONF="\${MALLOC_CONF:-${JEMALLOC_CONF}}"`);
    for (const [name, value] of Object.entries(GLIBC_ALLOCATOR_ENV)) expect(launcher).toContain(`export ${name}=${value}`);
    const serve = readFileSync(path.join(ROOT, 'scripts', 'serve.sh'), 'utf8');
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(serve).toContain('bash scripts/with-allocator.sh node build/server/main.js');
    expect(scripts.server).toBe('node scripts/build-server.mjs --if-stale && bash scripts/with-allocator.sh node build/server/main.js');
    expect(scripts.worker).toBe('node scripts/build-server.mjs --if-stale && bash scripts/with-allocator.sh node build/server/workerMain.js');
  });
});
