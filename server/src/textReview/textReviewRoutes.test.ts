import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptText } from '../../../engine/crypto/requestCrypto';
import { TEXT_REVIEW_APP_ID } from '../../../engine/textReview';
import { DEFAULT_WORDS_FILE } from './wordListFile';
import { registerTextReviewRoutes } from './textReviewRoutes';

const BASE_KEY = 'test-base-key-0123456789';
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerTextReviewRoutes(app, { baseKey: BASE_KEY });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const post = async (payload: string | object, contentType = 'text/plain') =>
  app.inject({ method: 'POST', url: '/api/text-review', headers: { 'content-type': contentType }, payload });

const encrypted = async (request: unknown, key = BASE_KEY) => encryptText(JSON.stringify(request), key);

describe('GET /api/config/sensitive-words', () => {
  it('serves the cleaned project lists as JSON with an ETag that answers 304', async () => {
    const res = await app.inject({ url: '/api/config/sensitive-words' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const lists = res.json();
    expect(Object.keys(lists)).toEqual(['en', 'zh', 'zh-tw', 'allow']);
    expect(lists).toEqual(JSON.parse(readFileSync(DEFAULT_WORDS_FILE, 'utf8')));
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await app.inject({ url: '/api/config/sensitive-words', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('POST /api/text-review', () => {
  it('flags each text: true = non-compliant, with what was found', async () => {
    const body = await encrypted({ appId: TEXT_REVIEW_APP_ID, platform: 5, input: '画一只猫', text: ['你这个傻逼', 'What the FUCK', '逼真的人像'] });
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      resultCode: 100,
      msg: 'success',
      data: {
        result: { 画一只猫: false, 你这个傻逼: true, 'What the FUCK': true, 逼真的人像: false },
        matches: { 你这个傻逼: ['傻逼'], 'What the FUCK': ['FUCK'] },
      },
    });
  });

  it('accepts a single text, and the cipher inside JSON { data }', async () => {
    const single = await post(await encrypted({ appId: 'x', platform: 5, text: 'Scunthorpe' }));
    expect(single.json().data).toEqual({ result: { Scunthorpe: false }, matches: {} });
    const wrapped = await post({ data: await encrypted({ appId: 'x', platform: 5, input: 'shit' }) }, 'application/json');
    expect(wrapped.json().data.result).toEqual({ shit: true });
  });

  it('keeps a text named __proto__ as an ordinary key', async () => {
    const res = await post(await encrypted({ appId: 'x', platform: 5, text: ['__proto__', 'fuck'] }));
    expect(JSON.parse(res.body).data.result).toEqual(JSON.parse('{"__proto__":false,"fuck":true}'));
  });

  it('answers PARAMS_INVALID for a body it cannot decrypt or read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cases: [string | object, string?][] = [
      ['not encrypted at all'],
      [await encrypted({ appId: 'x', platform: 5, input: 'hi' }, 'another-key-0123456789')],
      [await encryptText('not json', BASE_KEY)],
      [await encrypted({ platform: 5, input: 'hi' })],
      [await encrypted({ appId: 'x', platform: 4, input: 'hi' })],
      [await encrypted({ appId: 'x', platform: 5 })],
      [await encrypted({ appId: 'x', platform: 5, text: ['ok', 3] })],
      [await encrypted({ appId: 'x', platform: 5, input: 'a'.repeat(5001) })],
      [await encrypted(['x'])],
      [''],
      ['{"data": 5}', 'application/json'],
      ['{ broken json', 'application/json'],
    ];
    for (const [payload, type] of cases) {
      const res = await post(payload, type);
      expect(res.statusCode, String(payload).slice(0, 40)).toBe(400);
      expect(res.json().resultCode, String(payload).slice(0, 40)).toBe(-102);
    }
  });

  it('refuses everything when the server has no base key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const keyless = Fastify();
    registerTextReviewRoutes(keyless, { baseKey: '' });
    const res = await keyless.inject({
      method: 'POST',
      url: '/api/text-review',
      headers: { 'content-type': 'text/plain' },
      payload: await encrypted({ appId: 'x', platform: 5, input: 'hi' }),
    });
    expect(res.json()).toEqual({ resultCode: -102, msg: 'body cannot be decrypted', data: null });
    await keyless.close();
  });
});
