import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApertiumTranslator } from './apertium';
import { ChainTranslator, createTranslator, isOnPath } from './createTranslator';
import { LibreTranslateTranslator } from './libreTranslate';
import { TranslateFailedError, TranslateUnavailableError, type Translator } from './translator';

/** A back end that covers `langs` and answers `reply` (or throws it). */
function fake(name: string, langs: string[], reply: string | Error): Translator & { calls: number } {
  return {
    name,
    calls: 0,
    supports: async (from) => langs.includes(from),
    languages: async () => langs,
    async translate(text, from) {
      this.calls++;
      if (!langs.includes(from)) throw new TranslateUnavailableError(from);
      if (reply instanceof Error) throw reply;
      return `${reply}: ${text}`;
    },
  };
}

describe('ChainTranslator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the first back end that covers the language and says which one answered', async () => {
    const chain = new ChainTranslator([fake('remote', ['zho', 'spa'], 'R'), fake('local', ['spa', 'fra'], 'L')]);
    expect(await chain.translateDetailed('hola', 'spa')).toEqual({ text: 'R: hola', engine: 'remote' });
    expect(await chain.translateDetailed('salut', 'fra')).toEqual({ text: 'L: salut', engine: 'local' });
    expect(await chain.translate('你好', 'zho')).toBe('R: 你好');
    expect(await chain.languages()).toEqual(['fra', 'spa', 'zho']);
    expect(chain.engines).toEqual(['remote', 'local']);
  });

  it('falls back to the next back end when one fails, and reports the failure when all do', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const local = fake('local', ['spa'], 'L');
    const chain = new ChainTranslator([fake('remote', ['spa'], new TranslateFailedError('remote', 'HTTP 500')), local]);
    expect(await chain.translateDetailed('hola', 'spa')).toEqual({ text: 'L: hola', engine: 'local' });
    const broken = new ChainTranslator([fake('remote', ['spa'], new TranslateFailedError('remote', 'HTTP 500'))]);
    await expect(broken.translate('hola', 'spa')).rejects.toThrow(/remote: HTTP 500/);
  });

  it('answers TranslateUnavailableError when no back end covers the language', async () => {
    const chain = new ChainTranslator([fake('local', ['spa'], 'L')]);
    expect(await chain.supports('deu')).toBe(false);
    await expect(chain.translate('eine Katze', 'deu')).rejects.toBeInstanceOf(TranslateUnavailableError);
  });
});

describe('createTranslator', () => {
  it('puts LibreTranslate first and Apertium second when TRANSLATE_URL is set and Apertium is installed', () => {
    const chain = createTranslator({ TRANSLATE_URL: 'http://lt:5000', TRANSLATE_API_KEY: 'k' }, { apertiumInstalled: true });
    expect(chain?.engines).toEqual(['libretranslate', 'apertium']);
    expect(chain?.members[0]).toBeInstanceOf(LibreTranslateTranslator);
    expect(chain?.members[1]).toBeInstanceOf(ApertiumTranslator);
  });

  it('uses Apertium alone without TRANSLATE_URL, LibreTranslate alone without Apertium, and nothing without both', () => {
    expect(createTranslator({}, { apertiumInstalled: true })?.engines).toEqual(['apertium']);
    expect(createTranslator({ TRANSLATE_URL: 'https://lt.example' }, { apertiumInstalled: false })?.engines).toEqual(['libretranslate']);
    expect(createTranslator({ TRANSLATE_URL: '  ' }, { apertiumInstalled: false })).toBeUndefined();
  });

  it('rejects a TRANSLATE_URL that is not http(s)', () => {
    expect(() => createTranslator({ TRANSLATE_URL: 'file:///etc/passwd' }, { apertiumInstalled: false })).toThrow(/TRANSLATE_URL/);
  });

  it('finds programs on PATH', () => {
    expect(isOnPath('node', process.env.PATH ?? '')).toBe(true);
    expect(isOnPath('surely-not-a-program-xyz', process.env.PATH ?? '')).toBe(false);
    expect(isOnPath('node', '')).toBe(false);
  });
});
