import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTextReviewCache, reviewText, type TextReviewDeps } from '../../../src/contentSafety/textReview';
import { registerTextReviewRoutes } from './textReviewRoutes';

const BASE_KEY = 'end-to-end-base-key-0123';
let dir: string;
let app: FastifyInstance;
let failLists = false;

/** `fetch` onto the Fastify app: the browser client talks to the real routes, real encryption included. */
const fetchOnApp: typeof fetch = async (input, init) => {
  if (failLists && String(input).startsWith('/api/config/')) return new Response('down', { status: 503 });
  const res = await app.inject({
    method: (init?.method ?? 'GET') as 'GET' | 'POST',
    url: String(input),
    headers: init?.headers as Record<string, string>,
    payload: init?.body as string | undefined,
  });
  return new Response(res.statusCode === 304 ? null : res.body, {
    status: res.statusCode,
    headers: { 'content-type': String(res.headers['content-type'] ?? '') },
  });
};

const deps = (over: TextReviewDeps = {}): TextReviewDeps => ({
  fetch: fetchOnApp,
  getBaseKey: async () => BASE_KEY,
  getAppConfig: async () => ({ AS: '', OSS_TOKEN: '', enablePicReview: false, enableTextReview: true }),
  log: () => undefined,
  ...over,
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'words-e2e-'));
  const file = path.join(dir, 'words.json');
  await writeFile(file, JSON.stringify({ en: ['darn'], zh: ['傻逼'], 'zh-tw': ['賤人'], allow: ['逼真'] }));
  app = Fastify();
  registerTextReviewRoutes(app, { baseKey: BASE_KEY, wordsFile: file });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.restoreAllMocks();
  failLists = false;
  resetTextReviewCache();
});

describe('browser reviewText against the server routes', () => {
  it('reviews with the served lists and the encrypted remote check', async () => {
    expect(await reviewText('Darn it, 你这个傻逼', deps())).toEqual({ compliant: false, matches: ['Darn', '傻逼'] });
    expect(await reviewText('逼真的人像照片', deps())).toEqual({ compliant: true, matches: [] });
  });

  it('still rejects through the remote check when the lists cannot be fetched', async () => {
    failLists = true;
    expect(await reviewText('你這個賤人', deps())).toEqual({ compliant: false, matches: ['賤人'] });
  });

  it('falls back to the local lists when the server refuses the key, trying all three at once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = vi.fn();
    const result = await reviewText('darn', deps({ getBaseKey: async () => 'a-different-key-0123456', log }));
    expect(result).toEqual({ compliant: false, matches: ['darn'] });
    expect(log).toHaveBeenCalledWith('remote check 1/3 failed (/api/text-review?try=1)', new Error('HTTP 400 body cannot be decrypted'));
    expect(log).toHaveBeenCalledWith('every remote check failed; using the local review only');
  });
});
