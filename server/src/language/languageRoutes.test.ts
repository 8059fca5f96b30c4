import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { ChainTranslator } from './translate/createTranslator';
import { TranslateFailedError, TranslateUnavailableError, type Translator } from './translate/translator';
import { PROMPT_TEXT_MAX_CHARS, registerLanguageRoutes, type LanguageRouteDeps } from './languageRoutes';

const apps: FastifyInstance[] = [];

async function makeApp(deps: LanguageRouteDeps = {}): Promise<FastifyInstance> {
  const app = Fastify();
  registerLanguageRoutes(app, deps);
  await app.ready();
  apps.push(app);
  return app;
}

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** A back end for Spanish that upper-cases, or fails with `error`. */
function spanishOnly(error?: Error): Translator {
  return {
    name: 'fake',
    supports: async (from) => from === 'spa',
    languages: async () => ['spa'],
    async translate(text, from) {
      if (from !== 'spa') throw new TranslateUnavailableError(from);
      if (error) throw error;
      return `EN(${text})`;
    },
  };
}

describe('POST /api/lan-detect', () => {
  it('answers the ISO 639-3 code of the real detection', async () => {
    const app = await makeApp();
    const english = await app.inject({ method: 'POST', url: '/api/lan-detect', payload: { text: 'remove the background' } });
    expect(english.json()).toEqual({ resultCode: ResultCode.SUCCESS, msg: 'success', data: { lanCode: 'eng', sure: true } });
    const spanish = await app.inject({ method: 'POST', url: '/api/lan-detect', payload: { text: 'quitar el fondo' } });
    expect(spanish.json().data).toEqual({ lanCode: 'spa', sure: true });
    const chinese = await app.inject({ method: 'POST', url: '/api/lan-detect', payload: { text: '一只戴墨镜的猫' } });
    expect(chinese.json().data).toEqual({ lanCode: 'zho', sure: true });
    // Issue 13: short English prompts with loanwords stay English.
    const kimono = await app.inject({ method: 'POST', url: '/api/lan-detect', payload: { text: 'kimono girl' } });
    expect(kimono.json().data).toEqual({ lanCode: 'eng', sure: true });
  });

  it('passes the interface language on as a 639-3 hint', async () => {
    const hints: Array<string | undefined> = [];
    const app = await makeApp({
      detect: async (_text, hint) => {
        hints.push(hint);
        return { lanCode: 'ind', sure: true };
      },
    });
    const reply = await app.inject({ method: 'POST', url: '/api/lan-detect', payload: { text: 'anak patung', hint: 'id' } });
    expect(reply.json().data).toEqual({ lanCode: 'ind', sure: true });
    await app.inject({ method: 'POST', url: '/api/lan-detect', payload: { text: 'anak patung' } });
    expect(hints).toEqual(['ind', undefined]);
  });

  it('rejects empty, whitespace, missing, non-string and over-long text with PARAMS_INVALID', async () => {
    const app = await makeApp({ detect: async () => 'eng' });
    for (const payload of [{ text: '' }, { text: '  \n ' }, {}, { text: 42 }, { text: 'x'.repeat(PROMPT_TEXT_MAX_CHARS + 1) }]) {
      const res = await app.inject({ method: 'POST', url: '/api/lan-detect', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().resultCode).toBe(ResultCode.PARAMS_INVALID);
    }
    const longest = await app.inject({ method: 'POST', url: '/api/lan-detect', payload: { text: 'x'.repeat(PROMPT_TEXT_MAX_CHARS) } });
    expect(longest.json().resultCode).toBe(ResultCode.SUCCESS);
  });
});

describe('POST /api/translate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('translates with the back end and names it', async () => {
    const app = await makeApp({ translator: spanishOnly() });
    const res = await app.inject({ method: 'POST', url: '/api/translate', payload: { text: 'quitar el fondo', from: 'spa' } });
    expect(res.json()).toEqual({ resultCode: ResultCode.SUCCESS, msg: 'success', data: { text: 'EN(quitar el fondo)', engine: 'fake' } });
    // A two-letter code is understood too.
    const twoLetter = await app.inject({ method: 'POST', url: '/api/translate', payload: { text: 'hola', from: 'es' } });
    expect(twoLetter.json().data.text).toBe('EN(hola)');
  });

  it('names the chain member that answered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const chain = new ChainTranslator([spanishOnly(new TranslateFailedError('fake', 'down')), { ...spanishOnly(), name: 'apertium' }]);
    const app = await makeApp({ translator: chain });
    const res = await app.inject({ method: 'POST', url: '/api/translate', payload: { text: 'hola', from: 'spa' } });
    expect(res.json().data).toEqual({ text: 'EN(hola)', engine: 'apertium' });
  });

  it('returns English text as it is', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'POST', url: '/api/translate', payload: { text: 'a cat', from: 'eng' } });
    expect(res.json().data).toEqual({ text: 'a cat', engine: 'none' });
  });

  it('fails with CONTENT_TRANSLATE_FAIL for an uncovered language, a failing back end, or no back end', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const uncovered = await (await makeApp({ translator: spanishOnly() })).inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: 'eine Katze', from: 'deu' },
    });
    expect(uncovered.json()).toMatchObject({ resultCode: ResultCode.CONTENT_TRANSLATE_FAIL, data: null });
    expect(uncovered.json().msg).toContain('deu');
    const failing = await (await makeApp({ translator: spanishOnly(new TranslateFailedError('fake', 'HTTP 500')) })).inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: 'hola', from: 'spa' },
    });
    expect(failing.json().resultCode).toBe(ResultCode.CONTENT_TRANSLATE_FAIL);
    const none = await (await makeApp()).inject({ method: 'POST', url: '/api/translate', payload: { text: 'hola', from: 'spa' } });
    expect(none.json()).toMatchObject({ resultCode: ResultCode.CONTENT_TRANSLATE_FAIL, msg: expect.stringContaining('no translation service') });
  });

  it('rejects bad text or a bad language code with PARAMS_INVALID', async () => {
    const app = await makeApp({ translator: spanishOnly() });
    for (const payload of [
      { text: '', from: 'spa' },
      { text: 'hola' },
      { text: 'hola', from: 'español' },
      { text: 'hola', from: 'x1' },
      { text: 'hola', from: 'zz' },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/translate', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().resultCode).toBe(ResultCode.PARAMS_INVALID);
    }
  });
});

describe('GET /api/translate/languages', () => {
  it('lists the covered languages and the engines in order', async () => {
    const chain = new ChainTranslator([
      { ...spanishOnly(), name: 'libretranslate', languages: async () => ['zho', 'spa'] },
      { ...spanishOnly(), name: 'apertium' },
    ]);
    const res = await (await makeApp({ translator: chain })).inject({ url: '/api/translate/languages' });
    expect(res.json().data).toEqual({ languages: ['spa', 'zho'], engines: ['libretranslate', 'apertium'] });
  });

  it('lists nothing without a translation back end', async () => {
    const res = await (await makeApp()).inject({ url: '/api/translate/languages' });
    expect(res.json()).toEqual({ resultCode: ResultCode.SUCCESS, msg: 'success', data: { languages: [], engines: [] } });
  });
});
