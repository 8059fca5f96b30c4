import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHunspell } from './hunspell';

/** Writes a tiny dictionary and loads it. */
function dictionary(aff: string, dic: string, options: { compounds?: boolean; capitalised?: boolean } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hunspell-test-'));
  writeFileSync(path.join(dir, 't.aff'), aff);
  writeFileSync(path.join(dir, 't.dic'), dic);
  return loadHunspell(path.join(dir, 't.aff'), path.join(dir, 't.dic'), options);
}

describe('the Hunspell reader (word lists of other languages, issue 13)', () => {
  it("knows stems and the forms their suffix and prefix rules make, with the rules' conditions", () => {
    const d = dictionary(
      ['SET UTF-8', 'SFX S Y 2', 'SFX S 0 s [^y]', 'SFX S y ies y', 'PFX R Y 1', 'PFX R 0 re .', ''].join('\n'),
      ['4', 'gato/S', 'ciudady/S', 'hacer/R', 'sol', ''].join('\n'),
    );
    expect(['gato', 'gatos', 'GATOS', 'ciudadies', 'rehacer', 'sol'].map((w) => d.has(w))).toEqual([true, true, true, true, true, true]);
    // "sols": sol has no S flag; "ciudadys": the condition [^y] forbids it; "regato": gato has no R flag.
    expect(['sols', 'ciudadys', 'regato', 'perro'].map((w) => d.has(w))).toEqual([false, false, false, false]);
  });

  it('reads two-character and numeric flags, and an ISO 8859 encoding', () => {
    const long = dictionary(['SET UTF-8', 'FLAG long', 'SFX Aa Y 1', 'SFX Aa 0 en .', ''].join('\n'), ['1', 'kind/AaBb', ''].join('\n'));
    expect([long.has('kinden'), long.has('kind')]).toEqual([true, true]);
    const num = dictionary(['SET UTF-8', 'FLAG num', 'SFX 12 Y 1', 'SFX 12 0 ler .', ''].join('\n'), ['1', 'kedi/3,12', ''].join('\n'));
    expect(num.has('kediler')).toBe(true);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hunspell-test-'));
    writeFileSync(path.join(dir, 'p.aff'), Buffer.from('SET ISO8859-2\nSFX A Y 1\nSFX A 0 y .\n', 'latin1'));
    writeFileSync(path.join(dir, 'p.dic'), Buffer.concat([Buffer.from('1\n'), Buffer.from([0x6b, 0xb3, 0x61, 0x64]), Buffer.from('/A\n')])); // "kład" in ISO 8859-2
    expect(loadHunspell(path.join(dir, 'p.aff'), path.join(dir, 'p.dic')).has('kłady')).toBe(true);
  });

  it('leaves capitalised entries (names) out unless asked, and joins compounds only when asked', () => {
    const aff = 'SET UTF-8\n';
    const dic = ['3', 'Sonne', 'Untergang', 'The', ''].join('\n');
    expect(dictionary(aff, dic).has('the')).toBe(false);
    const german = dictionary(aff, dic, { capitalised: true, compounds: true });
    expect([german.has('Sonne'), german.has('Sonnenuntergang'), german.has('sonnesuntergang')]).toEqual([true, false, true]);
  });

  it('joins up to four parts, as German technical words need ("Befehls|zeilen|schnitt|stelle"), not five', () => {
    const german = dictionary('SET UTF-8\n', ['5', 'Haus', 'Tür', 'Schloss', 'Kasten', 'Deckel', ''].join('\n'), { capitalised: true, compounds: true });
    expect(german.has('Haustürschlosskasten')).toBe(true);
    expect(german.has('Haustürschlosskastendeckel')).toBe(false);
  });
});
