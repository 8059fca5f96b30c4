import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimingReport } from '../../engine/util/timingPhases';
import { MAX_POLL_DETAIL, createTaskTimer, fetchTimingStats } from './timingReport';

/** A timer on a hand-driven clock. */
function setup() {
  let clock = 1000;
  const sent: TimingReport[] = [];
  const timer = createTaskTimer('removebg', { now: () => clock, send: (r) => sent.push(r) });
  return {
    timer,
    sent,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('createTaskTimer', () => {
  it('measures each phase from its mark to the next and the whole task from creation', () => {
    const { timer, sent, tick } = setup();
    tick(5);
    timer.mark('encoding');
    tick(120);
    timer.mark('upload');
    tick(800);
    timer.mark('submit');
    tick(40);
    timer.mark('polling');
    tick(1000);
    timer.mark('download');
    tick(300);
    timer.report('task-1', 512, 'PNG');
    expect(sent).toEqual([
      {
        taskId: 'task-1',
        funcType: 'removebg',
        fileSize: 512,
        fmt: 'png',
        timings: { encoding: 120, upload: 800, submit: 40, polling: 1000, pollingDetail: [1000], download: 300, whole: 2265 },
      },
    ]);
  });

  it('records each poll in the detail and their sum as polling', () => {
    const { timer, sent, tick } = setup();
    for (const ms of [1010, 1003, 1250]) {
      timer.mark('polling');
      tick(ms);
    }
    timer.mark('postHandle');
    tick(7);
    timer.report('t', 1, 'jpg');
    expect(sent[0].timings).toMatchObject({ polling: 3263, pollingDetail: [1010, 1003, 1250], postHandle: 7 });
  });

  it('sums a phase entered twice and leaves out phases that never ran', () => {
    const { timer, sent, tick } = setup();
    timer.mark('upload');
    tick(100);
    timer.mark('decoding');
    tick(10);
    timer.mark('upload');
    tick(50);
    timer.report('t', 1, 'jpg');
    expect(sent[0].timings).toEqual({ upload: 150, decoding: 10, whole: 160 });
  });

  it(`keeps at most ${MAX_POLL_DETAIL} polls in the detail but counts all in the total`, () => {
    const { timer, sent, tick } = setup();
    for (let i = 0; i < MAX_POLL_DETAIL + 5; i++) {
      timer.mark('polling');
      tick(1000);
    }
    timer.report('t', 1, 'jpg');
    expect(sent[0].timings.pollingDetail).toHaveLength(MAX_POLL_DETAIL);
    expect(sent[0].timings.polling).toBe((MAX_POLL_DETAIL + 5) * 1000);
  });

  it('reports once, and ignores marks after the report', () => {
    const { timer, sent, tick } = setup();
    timer.mark('upload');
    tick(10);
    expect(timer.report('t', 1, 'jpg')).not.toBeNull();
    timer.mark('download');
    expect(timer.report('t', 1, 'jpg')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('never throws when sending fails', () => {
    const timer = createTaskTimer('removebg', {
      send: () => {
        throw new Error('offline');
      },
    });
    expect(() => timer.report('t', 1, 'jpg')).not.toThrow();
  });

  it('posts to /api/report/timing by default, fire-and-forget', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    createTaskTimer('picenhance').report('t9', 2048.333, 'webp');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/report/timing');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(init.body as string)).toMatchObject({ taskId: 't9', funcType: 'picenhance', fileSize: 2048.33, fmt: 'webp' });
    await Promise.resolve();
  });
});

describe('fetchTimingStats', () => {
  const reply = (status: number, body: unknown) => vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));

  it('sends the token and returns the statistics', async () => {
    const stats = { types: [] };
    const fetchMock = reply(200, { resultCode: 100, msg: 'success', data: stats });
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchTimingStats('s3cret')).toEqual({ kind: 'ok', stats });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/admin/stats/timings');
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ 'x-admin-token': 's3cret' });
    await fetchTimingStats(null, { days: 30 });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/admin/stats/timings?days=30');
    expect(fetchMock.mock.calls[1][1]?.headers).toEqual({});
  });

  it('answers forbidden on 403', async () => {
    vi.stubGlobal('fetch', reply(403, { resultCode: -102, msg: 'admin token required', data: null }));
    expect(await fetchTimingStats()).toEqual({ kind: 'forbidden' });
  });

  it('rejects on other failures', async () => {
    vi.stubGlobal('fetch', reply(500, { resultCode: -1002, msg: 'server error', data: null }));
    await expect(fetchTimingStats()).rejects.toThrow('server error');
  });
});
