import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LibreTranslateTranslator } from './libreTranslate';
import { TranslateFailedError, TranslateUnavailableError } from './translator';

/** What the fake service answers; tests change it. */
interface FakeState {
  languages: unknown;
  languagesStatus: number;
  translate: (body: Record<string, unknown>) => { status: number; body: unknown } | 'hang';
  requests: Array<{ method: string; url: string; body: Record<string, unknown> | null }>;
}

const LANGUAGES = [
  { code: 'en', name: 'English', targets: ['es', 'fr', 'zh-Hans'] },
  { code: 'es', name: 'Spanish', targets: ['en', 'fr'] },
  { code: 'fr', name: 'French', targets: ['en', 'es'] },
  { code: 'zh-Hant', name: 'Chinese (traditional)', targets: ['en'] },
  { code: 'zh-Hans', name: 'Chinese', targets: ['en'] },
  { code: 'pt-BR', name: 'Portuguese (Brazil)', targets: ['en'] },
  { code: 'ga', name: 'Irish', targets: ['es'] },
];

const state: FakeState = { languages: LANGUAGES, languagesStatus: 200, translate: () => ({ status: 200, body: {} }), requests: [] };
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      state.requests.push({ method: req.method ?? '', url: req.url ?? '', body });
      const send = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (req.url === '/languages' && req.method === 'GET') return send(state.languagesStatus, state.languages);
      if (req.url === '/translate' && req.method === 'POST') {
        const answer = state.translate(body ?? {});
        if (answer === 'hang') return; // never answers
        return send(answer.status, answer.body);
      }
      send(404, { error: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  state.languages = LANGUAGES;
  state.languagesStatus = 200;
  state.translate = () => ({ status: 200, body: {} });
  state.requests = [];
  vi.restoreAllMocks();
});

describe('LibreTranslateTranslator', () => {
  it('lists, in ISO 639-3, the languages the service translates into English', async () => {
    const translator = new LibreTranslateTranslator({ url });
    expect(await translator.languages()).toEqual(['fra', 'por', 'spa', 'zho']);
    expect(await translator.supports('spa')).toBe(true);
    expect(await translator.supports('gle')).toBe(false); // Irish only goes to Spanish here
    expect(await translator.supports('eng')).toBe(false);
    // The list is asked once, not per call.
    expect(state.requests.filter((r) => r.url === '/languages')).toHaveLength(1);
  });

  it('posts the prompt with the service’s source code, target en, format text and the API key', async () => {
    state.translate = (body) => ({ status: 200, body: { translatedText: ` [${String(body.source)}] a cat with sunglasses ` } });
    const translator = new LibreTranslateTranslator({ url, apiKey: 'k-123' });
    expect(await translator.translate('un gato con gafas de sol', 'spa')).toBe('[es] a cat with sunglasses');
    expect(await translator.translate('一只猫', 'zho')).toBe('[zh-Hans] a cat with sunglasses');
    expect(await translator.translate('um gato', 'por')).toBe('[pt-BR] a cat with sunglasses');
    const posted = state.requests.find((r) => r.url === '/translate');
    expect(posted?.body).toEqual({ q: 'un gato con gafas de sol', source: 'es', target: 'en', format: 'text', api_key: 'k-123' });
  });

  it('sends no api_key when none is configured', async () => {
    state.translate = () => ({ status: 200, body: { translatedText: 'ok' } });
    await new LibreTranslateTranslator({ url }).translate('hola', 'spa');
    expect(state.requests.find((r) => r.url === '/translate')?.body).not.toHaveProperty('api_key');
  });

  it('refuses a language the service does not list, without calling /translate', async () => {
    const translator = new LibreTranslateTranslator({ url });
    await expect(translator.translate('eine Katze', 'deu')).rejects.toBeInstanceOf(TranslateUnavailableError);
    expect(state.requests.some((r) => r.url === '/translate')).toBe(false);
  });

  it('fails with the service’s error message, on a reply without text, and on a timeout', async () => {
    const translator = new LibreTranslateTranslator({ url, timeoutMs: 300 });
    state.translate = () => ({ status: 403, body: { error: 'Invalid API key' } });
    await expect(translator.translate('hola', 'spa')).rejects.toThrow(/HTTP 403: Invalid API key/);
    state.translate = () => ({ status: 200, body: { text: 'wrong field' } });
    await expect(translator.translate('hola', 'spa')).rejects.toBeInstanceOf(TranslateFailedError);
    state.translate = () => 'hang';
    await expect(translator.translate('hola', 'spa')).rejects.toThrow(/no answer within 300 ms/);
  });

  it('supports nothing while the service is down, logs it, and asks again on the next call', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    state.languagesStatus = 500;
    state.languages = { error: 'boom' };
    const translator = new LibreTranslateTranslator({ url });
    expect(await translator.supports('spa')).toBe(false);
    expect(errors).toHaveBeenCalled();
    state.languagesStatus = 200;
    state.languages = LANGUAGES;
    expect(await translator.supports('spa')).toBe(true);
  });

  it('treats an unreachable service like one that supports nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const translator = new LibreTranslateTranslator({ url: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    expect(await translator.languages()).toEqual([]);
    await expect(translator.translate('hola', 'spa')).rejects.toBeInstanceOf(TranslateUnavailableError);
  });
});
