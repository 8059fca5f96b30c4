import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadHunspell } from './hunspell';
import { packStems, readStemTable } from './stemTable';

describe("packed stems of a word list (memory and load time of the other languages' lists, issue 13)", () => {
  const stems = new Map([
    ['gato', 'S'],
    ['kład', 'AB'],
    ['ça', ''],
    ['árbol', 'S'],
    ['zebra', 'S'],
  ]);

  it('answers like the map it was packed from, after a round trip through its file too', () => {
    const packed = packStems(stems);
    const read = readStemTable(packed.toBuffer());
    for (const table of [packed.table, read]) {
      expect([...stems.keys()].map((stem) => table.get(stem))).toEqual([...stems.values()]);
      expect(['gat', 'gatos', 'zebras', '', 'a', 'żaba'].map((word) => table.get(word))).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(table.size).toBe(5);
    }
  });

  it('refuses a truncated file instead of answering from half a list', () => {
    const data = packStems(stems).toBuffer();
    expect(() => readStemTable(data.subarray(0, data.length - 3))).toThrow(/does not add up/);
  });

  it('keeps a packed file for the next load, which gives the same answers; a changed .dic is parsed again', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stem-table-test-'));
    const cacheDir = path.join(dir, 'packed');
    writeFileSync(path.join(dir, 't.aff'), 'SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n');
    writeFileSync(path.join(dir, 't.dic'), '2\ngato/S\nsol\n');
    const first = loadHunspell(path.join(dir, 't.aff'), path.join(dir, 't.dic'), { cacheDir });
    expect(readdirSync(cacheDir)).toHaveLength(1);
    const second = loadHunspell(path.join(dir, 't.aff'), path.join(dir, 't.dic'), { cacheDir });
    expect(['gatos', 'sol', 'sols', 'perro'].map((w) => [first.has(w), second.has(w)])).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [false, false],
    ]);
    writeFileSync(path.join(dir, 't.dic'), '3\ngato/S\nsol\nperro/S\n');
    expect(loadHunspell(path.join(dir, 't.aff'), path.join(dir, 't.dic'), { cacheDir }).has('perros')).toBe(true);
    // The packed copy of the old .dic is replaced, not kept beside the new one.
    expect(readdirSync(cacheDir)).toHaveLength(1);
  });

  it('still answers when the folder for packed lists cannot be written (a read-only install), and says so', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stem-table-test-'));
    writeFileSync(path.join(dir, 't.aff'), 'SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n');
    writeFileSync(path.join(dir, 't.dic'), '1\ngato/S\n');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A folder below a plain file can never be made.
    const d = loadHunspell(path.join(dir, 't.aff'), path.join(dir, 't.dic'), { cacheDir: path.join(dir, 't.dic', 'packed') });
    expect([d.has('gatos'), d.has('perro')]).toEqual([true, false]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('parsed again next time'), expect.anything());
    warn.mockRestore();
  });
});
