/**
 * The API client reports failed calls (SPEC §7): a non-success envelope becomes a failed-call
 * event, a call that throws a network error (-1000); the caller still sees the same result.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAnalyticsState } from './analytics';
import { NetworkError, downloadResult, queryTasks, submitTask, uploadFiles } from './apiClient';

type Handler = (url: string, init?: RequestInit) => Promise<Response>;
let handler: Handler;
let fetchMock: ReturnType<typeof vi.fn>;

/** The analytics events sent so far, parsed. */
const events = () => fetchMock.mock.calls.filter(([url]) => url === '/api/report/event').map(([, init]) => JSON.parse((init as RequestInit).body as string));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  resetAnalyticsState();
  handler = async () => json({ resultCode: 100, msg: 'success', data: { taskId: 't1' } });
  fetchMock = vi.fn((url: string, init?: RequestInit) => (url === '/api/report/event' ? Promise.resolve(json({})) : handler(url, init)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const submit = (signal?: AbortSignal) => submitTask({ funcType: 'removebg', fileUrls: ['/f/a.png'], params: {} }, signal);

describe('JSON calls', () => {
  it('send nothing for a success', async () => {
    const envelope = await submit();
    expect(envelope).toEqual({ resultCode: 100, msg: 'success', data: { taskId: 't1' } });
    expect(events()).toEqual([]);
  });

  it('track an envelope that is not a success and still return it', async () => {
    handler = async () => json({ resultCode: 1010103, msg: 'credits not enough', data: null });
    const envelope = await submit();
    expect(envelope.resultCode).toBe(1010103);
    expect(events()).toEqual([{ url: '/api/task/removebg', errorCode: 1010103, errorMsg: 'credits not enough' }]);
  });

  it('track an error envelope of a 4xx answer', async () => {
    handler = async () => json({ resultCode: -102, msg: 'taskId is required', data: null }, 400);
    await queryTasks({ funcType: 'removebg', taskIds: [], waitMs: 0 });
    expect(events()).toEqual([{ url: '/api/task/removebg/status', errorCode: -102, errorMsg: 'taskId is required' }]);
  });

  it('report a thrown fetch as a network error and reject with NetworkError', async () => {
    handler = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = await submit().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Failed to fetch');
    expect(events()).toEqual([{ url: '/api/task/removebg', errorCode: -1000, errorMsg: 'Failed to fetch' }]);
  });

  it('report an answer without JSON as a network error', async () => {
    handler = async () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(submit()).rejects.toThrow('HTTP 502 without a JSON body');
    expect(events()).toEqual([{ url: '/api/task/removebg', errorCode: -1000, errorMsg: 'HTTP 502 without a JSON body' }]);
  });

  it('report nothing when the caller aborted', async () => {
    const controller = new AbortController();
    handler = async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(submit(controller.signal)).rejects.toBeInstanceOf(NetworkError);
    expect(events()).toEqual([]);
  });
});

describe('downloadResult', () => {
  it('tracks a non-OK answer as DOWNLOAD_FAILED and rejects as before', async () => {
    handler = async () => new Response('gone', { status: 404 });
    await expect(downloadResult('/f/result.png?sig=abc')).rejects.toThrow('download failed: HTTP 404');
    expect(events()).toEqual([{ url: '/f/result.png', errorCode: -1001, errorMsg: 'download failed: HTTP 404' }]);
  });

  it('reports a thrown fetch as a network error and rethrows the same error', async () => {
    const failure = new TypeError('Failed to fetch');
    handler = async () => {
      throw failure;
    };
    await expect(downloadResult('/f/result.png')).rejects.toBe(failure);
    expect(events()).toEqual([{ url: '/f/result.png', errorCode: -1000, errorMsg: 'Failed to fetch' }]);
  });

  it('returns the blob of an OK answer without an event', async () => {
    handler = async () => new Response('PNG');
    expect(await (await downloadResult('/f/result.png')).text()).toBe('PNG');
    expect(events()).toEqual([]);
  });
});

/** Just enough XMLHttpRequest for uploadFiles: the test decides how the request ends. */
class FakeXhr {
  static last: FakeXhr;
  status = 200;
  responseText = '';
  timeout = 0;
  upload = { onprogress: null as unknown };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  url = '';
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send() {}
}

describe('uploadFiles', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('localStorage', { getItem: () => null });
  });
  const upload = () => uploadFiles({ mode: 'single', files: [new Blob(['x'])], func: 'removebg', fileType: 'png', onProgress: () => undefined });

  it('tracks a failed upload envelope and resolves with it', async () => {
    const pending = upload();
    Object.assign(FakeXhr.last, { status: 400, responseText: JSON.stringify({ resultCode: -102, msg: 'not an image', data: null }) });
    FakeXhr.last.onload?.();
    expect((await pending).resultCode).toBe(-102);
    expect(events()).toEqual([{ url: '/api/upload', errorCode: -102, errorMsg: 'not an image' }]);
  });

  it('reports a network failure and a timeout as network errors', async () => {
    const failed = upload();
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toBeInstanceOf(NetworkError);
    const slow = upload();
    FakeXhr.last.ontimeout?.();
    const timeout = (await slow.catch((e: unknown) => e)) as NetworkError;
    expect(timeout.timedOut).toBe(true);
    expect(events()).toEqual([
      { url: '/api/upload', errorCode: -1000, errorMsg: 'network error' },
      { url: '/api/upload', errorCode: -1000, errorMsg: 'upload timed out' },
    ]);
  });

  it('sends nothing for a successful upload', async () => {
    const pending = upload();
    FakeXhr.last.responseText = JSON.stringify({ resultCode: 100, msg: 'success', data: { fileUrl: '/f/a.png' } });
    FakeXhr.last.onload?.();
    expect((await pending).data).toEqual({ fileUrl: '/f/a.png' });
    expect(events()).toEqual([]);
  });
});
