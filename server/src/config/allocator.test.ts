import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOCATOR_ENV, missingAllocatorEnv, withAllocatorEnv } from './allocator';
import { loadServerConfig } from './serverConfig';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the allocator setting of the server (glibc mmap threshold)', () => {
  it('is added for launchers without overriding what the operator set', () => {
    expect(withAllocatorEnv({ PORT: '1' })).toEqual({ PORT: '1', ...ALLOCATOR_ENV });
    expect(withAllocatorEnv({ MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });

  it('is reported missing only on Linux, and only when unset', () => {
    expect(missingAllocatorEnv({}, 'linux')).toEqual(Object.keys(ALLOCATOR_ENV));
    expect(loadServerConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'allocator-')) }).allocatorMissing).toEqual(process.platform === 'linux' && !process.env.MALLOC_MMAP_THRESHOLD_ ? ['MALLOC_MMAP_THRESHOLD_'] : []);
    expect(missingAllocatorEnv({ ...ALLOCATOR_ENV }, 'linux')).toEqual([]);
    expect(missingAllocatorEnv({}, 'darwin')).toEqual([]);
  });

  it('is set, with the same value, by npm start (scripts/serve.sh) and the npm scripts that start the server', () => {
    const serve = readFileSync(path.join(ROOT, 'scripts', 'serve.sh'), 'utf8');
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const [name, value] of Object.entries(ALLOCATOR_ENV)) {
      const setting = `${name}="\${${name}:-${value}}"`;
      expect(serve).toContain(`export ${setting}`);
      expect(scripts.server).toContain(setting);
      expect(scripts.worker).toContain(setting);
    }
  });
});
