import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_EVENTS_PER_MINUTE, reportNetworkError, resetAnalyticsState, trackFailedCall } from './analytics';

let fetchMock: ReturnType<typeof vi.fn>;
const sentEvents = () => fetchMock.mock.calls.map(([url, init]) => ({ url, init, body: JSON.parse((init as RequestInit).body as string) }));

beforeEach(() => {
  resetAnalyticsState();
  fetchMock = vi.fn(async () => new Response('{}'));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('trackFailedCall', () => {
  it('posts url, errorCode and errorMsg to /api/report/event, kept alive across navigation', () => {
    trackFailedCall({ url: '/api/task/removebg', errorCode: -102, errorMsg: 'params invalid' });
    const [event] = sentEvents();
    expect(event.url).toBe('/api/report/event');
    expect(event.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(event.body).toEqual({ url: '/api/task/removebg', errorCode: -102, errorMsg: 'params invalid' });
  });

  it('drops query and fragment from the url and cuts long messages', () => {
    trackFailedCall({ url: 'https://cdn.example/r.png?token=secret#x', errorCode: -1001, errorMsg: 'x'.repeat(2000) });
    const [event] = sentEvents();
    expect(event.body.url).toBe('https://cdn.example/r.png');
    expect(event.body.errorMsg).toHaveLength(500);
  });

  it('never throws, whether fetch rejects, throws or is missing', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(() => trackFailedCall({ url: '/a', errorCode: -1000, errorMsg: 'x' })).not.toThrow();
    fetchMock.mockImplementationOnce(() => {
      throw new Error('boom');
    });
    expect(() => trackFailedCall({ url: '/b', errorCode: -1000, errorMsg: 'x' })).not.toThrow();
    vi.stubGlobal('fetch', undefined);
    expect(() => trackFailedCall({ url: '/c', errorCode: -1000, errorMsg: 'x' })).not.toThrow();
    await Promise.resolve(); // the rejected send settles without an unhandled rejection
  });

  it('does not report a failing report', () => {
    trackFailedCall({ url: '/api/report/event', errorCode: -1000, errorMsg: 'offline' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it(`sends at most ${MAX_EVENTS_PER_MINUTE} events a minute, then again after the minute`, () => {
    vi.useFakeTimers();
    for (let i = 0; i < MAX_EVENTS_PER_MINUTE + 10; i++) trackFailedCall({ url: `/api/x${i}`, errorCode: -1000, errorMsg: 'offline' });
    expect(fetchMock).toHaveBeenCalledTimes(MAX_EVENTS_PER_MINUTE);
    vi.advanceTimersByTime(60_000);
    trackFailedCall({ url: '/api/later', errorCode: -1000, errorMsg: 'offline' });
    expect(fetchMock).toHaveBeenCalledTimes(MAX_EVENTS_PER_MINUTE + 1);
  });
});

describe('reportNetworkError', () => {
  it('tracks the error as -1000 and rethrows the very same error', () => {
    const error = new TypeError('Failed to fetch');
    expect(() => reportNetworkError('/api/task/removebg', error)).toThrow(error);
    expect(sentEvents()[0].body).toEqual({ url: '/api/task/removebg', errorCode: -1000, errorMsg: 'Failed to fetch' });
  });

  it('rethrows non-Error values too', () => {
    let caught: unknown;
    try {
      reportNetworkError('/x', 'plain string');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBe('plain string');
    expect(sentEvents()[0].body.errorMsg).toBe('plain string');
  });
});
