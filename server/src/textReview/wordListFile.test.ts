import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WORDS_FILE, openWordListFile, wordListPath } from './wordListFile';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'words-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Writes the file with a given mtime, so a rewrite within the same millisecond still counts as a change. */
async function writeLists(file: string, value: unknown, secondsAhead: number) {
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
  const when = new Date(Date.now() + secondsAhead * 1000);
  await utimes(file, when, when);
}

describe('wordListPath', () => {
  it('uses SENSITIVE_WORDS_FILE when set, else the shipped file', () => {
    expect(wordListPath({})).toBe(DEFAULT_WORDS_FILE);
    expect(wordListPath({ SENSITIVE_WORDS_FILE: '/etc/lumacut/words.json' })).toBe('/etc/lumacut/words.json');
    expect(DEFAULT_WORDS_FILE).toMatch(/server\/config\/sensitive-words\.json$/);
  });
});

describe('openWordListFile', () => {
  it('loads the shipped lists', async () => {
    const loaded = await openWordListFile(DEFAULT_WORDS_FILE).current();
    expect(loaded.lists.allow).toContain('逼真');
    expect(loaded.reviewer.review('傻逼').compliant).toBe(false);
  });

  it('refuses to start with a missing or malformed file, naming it', async () => {
    expect(() => openWordListFile(path.join(dir, 'missing.json'))).toThrow(/missing\.json/);
    const bad = path.join(dir, 'bad.json');
    await writeLists(bad, '{ "en": [', 0);
    expect(() => openWordListFile(bad)).toThrow(/bad\.json is not valid JSON/);
    await writeLists(bad, { en: 'fuck' }, 0);
    expect(() => openWordListFile(bad)).toThrow(/"en" must be an array/);
  });

  it('re-reads the file when it changes, and keeps the last good lists when an edit breaks it', async () => {
    const file = path.join(dir, 'words.json');
    await writeLists(file, { en: ['darn'] }, 1);
    const source = openWordListFile(file);
    const first = await source.current();
    expect(first.reviewer.review('darn it').compliant).toBe(false);
    expect(await source.current()).toBe(first);

    await writeLists(file, { en: ['heck'], zh: ['逼'] }, 2);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const second = await source.current();
    expect(second.reviewer.review('darn it').compliant).toBe(true);
    expect(second.reviewer.review('heck').compliant).toBe(false);
    expect(second.etag).not.toBe(first.etag);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('zh: 逼 (fewer than 2 Han characters)'));

    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await writeLists(file, '{ broken', 3);
    expect(await source.current()).toBe(second);
    expect(await source.current()).toBe(second);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
