/**
 * Finding 4 of issue 16: each task type had its own worker loop, so one client could keep nine
 * heavy jobs running at once. Now one pool of WORKERS jobs serves every heavy type, and the light lane
 * (issue 29: recomposites such as bgblur) WORKERS jobs of its own, so a light task never waits behind heavy ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import type { Processor } from '../tasks/processor';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { invertProcessor, multipart, startTestServer, type TestServer } from '../testing/testServer';

const running = { heavy: 0, light: 0 };
const mostAtOnce = { heavy: 0, light: 0 };
/** A processor that counts how many jobs of its lane run at the same time. */
const countedIn =
  (lane: 'heavy' | 'light'): Processor =>
  async (ctx) => {
    running[lane]++;
    mostAtOnce[lane] = Math.max(mostAtOnce[lane], running[lane]);
    try {
      await new Promise((r) => setTimeout(r, 150));
      return await invertProcessor(ctx);
    } finally {
      running[lane]--;
    }
  };

const [pglite] = databaseTargets();

describe('one bounded pool of jobs per process', () => {
  let store: Awaited<ReturnType<typeof pglite.make>>;
  let server: TestServer;
  beforeAll(async () => {
    store = await pglite.make();
    server = await startTestServer(store, {
      workers: 2,
      processors: { removebg: countedIn('heavy'), bgblur: countedIn('light'), descratch: countedIn('heavy') },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  it('runs at most WORKERS heavy jobs at once across the heavy types, and WORKERS light ones beside them; finishes them all', async () => {
    const up = await server.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...multipart([
        { name: 'data', value: JSON.stringify({ func: 'removebg', fileType: 'image', subDir: 'web' }) },
        { name: 'file', value: await readPhoto('chelsea'), filename: 'p.jpg', type: 'image/jpeg' },
      ]),
    });
    const imgUrl = up.json().data.fileUrl;
    const ids: string[] = [];
    for (const type of ['removebg', 'bgblur', 'descratch', 'removebg', 'bgblur', 'descratch', 'removebg', 'bgblur', 'descratch']) {
      ids.push((await server.app.inject({ method: 'POST', url: `/api/task/${type}`, payload: { imgUrl } })).json().data.taskId);
    }
    for (let i = 0; i < 200; i++) {
      const res = (await server.app.inject({ method: 'POST', url: '/api/task/status', payload: { taskId: ids.join(',') } })).json();
      const entries = Object.values(res.data.result) as Array<{ resultCode: number }>;
      if (entries.every((e) => e.resultCode === ResultCode.SUCCESS)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = (await server.app.inject({ method: 'POST', url: '/api/task/status', payload: { taskId: ids.join(',') } })).json();
    expect(Object.values(res.data.result).every((e) => (e as { resultCode: number }).resultCode === ResultCode.SUCCESS)).toBe(true);
    expect(mostAtOnce).toEqual({ heavy: 2, light: 2 });
  }, 60_000);
});
