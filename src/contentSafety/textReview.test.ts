import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../engine/crypto/appConfig';
import type { SensitiveWordLists } from '../../engine/textReview';
import {
  DEFAULT_TEXT_REVIEW_ENDPOINTS,
  REMOTE_DEADLINE_MS,
  SENSITIVE_WORDS_PATH,
  remoteEndpoints,
  resetTextReviewCache,
  reviewText,
  type TextReviewDeps,
} from './textReview';

const LISTS: SensitiveWordLists = { en: ['fuck'], zh: ['傻逼'], 'zh-tw': [], allow: ['逼真'] };
const CONFIG: AppConfig = { AS: 'as', OSS_TOKEN: '', enablePicReview: false, enableTextReview: true };

interface RemoteCall {
  url: string;
  body: string;
  signal: AbortSignal;
  answer(flag: boolean, matches?: string[]): void;
  reply(body: unknown, status?: number): void;
  fail(error: Error): void;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server: word lists answer at once; every text-review POST waits until the test answers it. */
function fakeNetwork(lists: unknown = LISTS, listStatus = 200) {
  const remote: RemoteCall[] = [];
  let listFetches = 0;
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (url === SENSITIVE_WORDS_PATH) {
      listFetches++;
      return Promise.resolve(json(lists, listStatus));
    }
    return new Promise<Response>((resolve, reject) => {
      const signal = init?.signal as AbortSignal;
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      remote.push({
        url,
        body: String(init?.body),
        signal,
        answer: (flag, matches) =>
          resolve(json({ resultCode: 100, msg: 'success', data: { result: { [lastText]: flag }, matches: matches ? { [lastText]: matches } : {} } })),
        reply: (body, status = 200) => resolve(json(body, status)),
        fail: reject,
      });
    });
  });
  let lastText = '';
  return {
    fetch,
    remote,
    get listFetches() {
      return listFetches;
    },
    review(text: string, deps: TextReviewDeps = {}) {
      lastText = text;
      return reviewText(text, {
        fetch,
        getBaseKey: async () => 'base-key',
        getAppConfig: async () => CONFIG,
        encrypt: async (plain) => `enc(${plain})`,
        log,
        ...deps,
      });
    },
  };
}

let log: ReturnType<typeof vi.fn<(message: string, detail?: unknown) => void>>;
/** Lets pending promises run (setImmediate stays real: only setTimeout is faked). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  resetTextReviewCache();
  log = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reviewText: the remote race', () => {
  it('starts the second request at 5 s, not before, the third at 8 s, and the first answer wins', async () => {
    const net = fakeNetwork();
    const result = net.review('a cat');
    await settle();
    expect(net.remote.map((c) => c.url)).toEqual([DEFAULT_TEXT_REVIEW_ENDPOINTS[0]]);
    await vi.advanceTimersByTimeAsync(4999);
    expect(net.remote).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.remote.map((c) => c.url)).toEqual(DEFAULT_TEXT_REVIEW_ENDPOINTS.slice(0, 2));
    await vi.advanceTimersByTimeAsync(2999);
    expect(net.remote).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.remote.map((c) => c.url)).toEqual([...DEFAULT_TEXT_REVIEW_ENDPOINTS]);

    net.remote[1].answer(true, ['catword']);
    expect(await result).toEqual({ compliant: false, matches: ['catword'] });
    expect(net.remote.map((c) => c.signal.aborted)).toEqual([true, false, true]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores answers that come after the winner, and never starts the third request', async () => {
    const net = fakeNetwork();
    const result = net.review('a cat');
    await settle();
    await vi.advanceTimersByTimeAsync(6000);
    expect(net.remote).toHaveLength(2);
    net.remote[0].answer(false);
    net.remote[1].answer(true, ['late']);
    expect(await result).toEqual({ compliant: true, matches: [] });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(net.remote).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends one request only when the first answers within 5 s', async () => {
    const net = fakeNetwork();
    const result = net.review('a cat');
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    net.remote[0].answer(false);
    expect(await result).toEqual({ compliant: true, matches: [] });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(net.remote).toHaveLength(1);
  });

  it('waits for the 8 s timer when a later attempt fails while an earlier one is still pending', async () => {
    const net = fakeNetwork();
    const result = net.review('a cat');
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    net.remote[1].fail(new TypeError('connection refused'));
    await settle();
    expect(net.remote).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(net.remote).toHaveLength(3);
    net.remote[2].answer(true);
    expect((await result).compliant).toBe(false);
  });

  it('starts the next attempt at once when every started one has failed, and counts no failure as an answer', async () => {
    const net = fakeNetwork();
    const result = net.review('a cat');
    await settle();
    net.remote[0].reply({ resultCode: -102, msg: 'params invalid', data: null });
    await settle();
    expect(net.remote).toHaveLength(2);
    net.remote[1].reply('<html>bad gateway</html>', 502);
    await settle();
    expect(net.remote).toHaveLength(3);
    net.remote[2].answer(true, ['x']);
    expect(await result).toEqual({ compliant: false, matches: ['x'] });
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('counts a reply without an own flag for the text as a failure, even for the text "constructor"', async () => {
    const net = fakeNetwork();
    const result = net.review('constructor');
    await settle();
    net.remote[0].reply({ resultCode: 100, msg: 'success', data: { result: { other: true } } });
    await settle();
    expect(net.remote).toHaveLength(2);
    expect(log).toHaveBeenCalledWith('remote check 1/3 failed (/api/text-review?try=1)', new Error('reply has no flag for the text'));
    net.remote[1].answer(false);
    expect(await result).toEqual({ compliant: true, matches: [] });
  });

  it('falls back to the local result when all three fail, and logs it', async () => {
    const net = fakeNetwork();
    const clean = net.review('a cat');
    await settle();
    for (let i = 0; i < 3; i++) {
      net.remote[i].reply({ resultCode: 100, msg: 'success', data: { result: {} } });
      await settle();
    }
    expect(await clean).toEqual({ compliant: true, matches: [] });
    expect(log).toHaveBeenCalledWith('every remote check failed; using the local review only');

    const dirty = net.review('你这个傻逼');
    await settle();
    for (let i = 3; i < 6; i++) {
      net.remote[i].fail(new TypeError('offline'));
      await settle();
    }
    expect(await dirty).toEqual({ compliant: false, matches: ['傻逼'] });
  });

  it('leaves Chinese terms that need word boundaries to the server, and matches them as substrings when no server answers', async () => {
    const net = fakeNetwork({ ...LISTS, zh: ['傻逼', '色情'] });
    // The server (jieba) says 红色情人节海报 is clean: the browser does not overrule it.
    const answered = net.review('红色情人节海报');
    await settle();
    net.remote[0].reply({ resultCode: 100, msg: 'success', data: { result: { 红色情人节海报: false } } });
    expect(await answered).toEqual({ compliant: true, matches: [] });

    // No server at all: the browser alone errs on the side of blocking.
    const alone = net.review('色情内容');
    await settle();
    for (let i = 1; i < 4; i++) {
      net.remote[i].fail(new TypeError('offline'));
      await settle();
    }
    expect(await alone).toEqual({ compliant: false, matches: ['色情'] });
  });

  it('gives up on endpoints that never answer at the deadline and aborts them', async () => {
    const net = fakeNetwork();
    let resolved = false;
    const result = net.review('fuck').then((r) => ((resolved = true), r));
    await settle();
    await vi.advanceTimersByTimeAsync(REMOTE_DEADLINE_MS - 1);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ compliant: false, matches: ['fuck'] });
    expect(net.remote.every((c) => c.signal.aborted)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('reviewText: local and remote together', () => {
  it('is non-compliant when only the remote check objects, with matches from both, no repeats', async () => {
    const net = fakeNetwork();
    const remoteOnly = net.review('a cat');
    await settle();
    net.remote[0].answer(true, ['cat']);
    expect(await remoteOnly).toEqual({ compliant: false, matches: ['cat'] });

    const both = net.review('fuck 傻逼');
    await settle();
    net.remote[1].answer(true, ['FUCK', 'other']);
    expect(await both).toEqual({ compliant: false, matches: ['fuck', '傻逼', 'other'] });
  });

  it('is non-compliant when only the local lists object', async () => {
    const net = fakeNetwork();
    const result = net.review('What the FUCK');
    await settle();
    net.remote[0].answer(false);
    expect(await result).toEqual({ compliant: false, matches: ['FUCK'] });
  });

  it('fetches the word lists once and keeps them; a failed fetch is logged and tried again next time', async () => {
    const net = fakeNetwork();
    for (const text of ['逼真的猫', 'a dog']) {
      const result = net.review(text);
      await settle();
      net.remote[net.remote.length - 1].answer(false);
      expect(await result).toEqual({ compliant: true, matches: [] });
    }
    expect(net.listFetches).toBe(1);

    resetTextReviewCache();
    const down = fakeNetwork({ resultCode: -1002 }, 500);
    const first = down.review('傻逼');
    await settle();
    down.remote[0].answer(false);
    expect(await first).toEqual({ compliant: true, matches: [] });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('local review skipped'), expect.any(Error));
    const second = down.review('傻逼');
    await settle();
    down.remote[1].answer(false);
    await second;
    expect(down.listFetches).toBe(2);
  });

  it('encrypts { appId, platform: 5, input } with the base key and posts it as text', async () => {
    const net = fakeNetwork();
    const encrypt = vi.fn(async (plain: string, key: string) => `cipher:${key}:${plain.length}`);
    const result = net.review('画一只猫', { encrypt });
    await settle();
    expect(encrypt).toHaveBeenCalledWith(JSON.stringify({ appId: 'lumacut-web', platform: 5, input: '画一只猫' }), 'base-key');
    expect(net.remote[0].body).toBe(await encrypt.mock.results[0].value);
    const init = net.fetch.mock.calls.find(([url]) => url === DEFAULT_TEXT_REVIEW_ENDPOINTS[0])?.[1];
    expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'text/plain' } });
    net.remote[0].answer(false);
    await result;
  });

  it('skips the remote check without a base key or when encryption fails, and says so', async () => {
    const net = fakeNetwork();
    expect(await net.review('傻逼', { getBaseKey: async () => '' })).toEqual({ compliant: false, matches: ['傻逼'] });
    expect(await net.review('a cat', { encrypt: async () => '' })).toEqual({ compliant: true, matches: [] });
    expect(net.remote).toHaveLength(0);
    expect(log).toHaveBeenCalledWith('remote check skipped; using the local review only', expect.any(Error));
  });

  it('answers a blank text as compliant without any call', async () => {
    const net = fakeNetwork();
    expect(await net.review('')).toEqual({ compliant: true, matches: [] });
    expect(await net.review('  \n ')).toEqual({ compliant: true, matches: [] });
    expect(net.fetch).not.toHaveBeenCalled();
  });

  it('races the endpoints of the app config', async () => {
    const net = fakeNetwork();
    const result = net.review('a cat', {
      getAppConfig: async () => ({ ...CONFIG, textReviewEndpoints: ['https://a.example/check', 'https://b.example/check'] }),
    });
    await settle();
    await vi.advanceTimersByTimeAsync(8000);
    expect(net.remote.map((c) => c.url)).toEqual(['https://a.example/check', 'https://b.example/check', 'https://a.example/check']);
    net.remote[2].answer(false);
    await result;
  });
});

describe('remoteEndpoints', () => {
  it('gives three endpoints: the configured ones, cycled, or three distinct defaults', () => {
    expect(remoteEndpoints(null)).toEqual(['/api/text-review?try=1', '/api/text-review?try=2', '/api/text-review?try=3']);
    expect(remoteEndpoints({ textReviewEndpoints: [] })).toEqual([...DEFAULT_TEXT_REVIEW_ENDPOINTS]);
    expect(remoteEndpoints({ textReviewEndpoints: ['https://x/1'] })).toEqual(['https://x/1', 'https://x/1', 'https://x/1']);
    expect(remoteEndpoints({ textReviewEndpoints: ['a', 'b', 'c', 'd'] })).toEqual(['a', 'b', 'c']);
  });
});
