import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './localDiskStorage';

let root: string | null = null;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = null;
});

describe('LocalDiskStorage.put', () => {
  it('writes files of one folder, and makes the folder again when it was removed meanwhile', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'local-disk-'));
    const storage = new LocalDiskStorage(root);
    await storage.put('results/2026/a.jpg', Buffer.from('a'));
    await storage.put('results/2026/b.jpg', Buffer.from('b'));
    expect((await readdir(path.join(root, 'results', '2026'))).sort()).toEqual(['a.jpg', 'b.jpg']);
    // The retention sweep (or an operator) removed the folder after this process had made it.
    await rm(path.join(root, 'results'), { recursive: true });
    await storage.put('results/2026/c.jpg', Buffer.from('c'));
    expect((await storage.get('results/2026/c.jpg'))?.body.toString()).toBe('c');
    expect(await readdir(path.join(root, 'results', '2026'))).toEqual(['c.jpg']);
  });
});
