import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { invertProcessor, multipart, startTestServer, type TestServer } from '../testing/testServer';
import type { Processor } from '../tasks/processor';
import { MAX_HELD_STATUS_PER_OWNER } from './taskRoutes';

/** A processor that finishes only when the test opens its gate: the test decides when the result exists. */
function gatedProcessor() {
  let open: () => void = () => undefined;
  let gate = new Promise<void>((r) => (open = r));
  const processor: Processor = async (ctx) => {
    await gate;
    return invertProcessor(ctx);
  };
  return { processor, open: () => open(), reset: () => void (gate = new Promise<void>((r) => (open = r))) };
}

const DATA = JSON.stringify({ func: 'removebg', fileType: 'image', subDir: 'web' });

for (const target of databaseTargets()) {
  describe(`status long poll (waitMs) on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let server: TestServer;
    let idle: TestServer;
    let idleStore: Awaited<ReturnType<typeof target.make>>;
    const gated = gatedProcessor();
    let photo: Buffer;

    beforeAll(async () => {
      store = await target.make();
      idleStore = await target.make();
      server = await startTestServer(store, { workers: 1, processors: { removebg: gated.processor } });
      // No workers: its tasks stay queued unless the test ends them in the database, as another process would.
      idle = await startTestServer(idleStore, { workers: 0 });
      photo = await readPhoto('chelsea');
    });
    afterAll(async () => {
      gated.open();
      await server?.close();
      await idle?.close();
      await store?.cleanup();
      await idleStore?.cleanup();
    });

    const submit = async (s: TestServer) => {
      const up = await s.app.inject({
        method: 'POST',
        url: '/api/upload',
        ...multipart([
          { name: 'data', value: DATA },
          { name: 'file', value: photo, filename: 'p.jpg', type: 'image/jpeg' },
        ]),
      });
      const sub = await s.app.inject({ method: 'POST', url: '/api/task/removebg', payload: { imgUrl: up.json().data.fileUrl } });
      return sub.json().data.taskId as string;
    };
    const status = (s: TestServer, body: object) => s.app.inject({ method: 'POST', url: '/api/task/removebg/status', payload: body });

    it('answers the moment the task ends, not at the end of the wait', async () => {
      gated.reset();
      const taskId = await submit(server);
      // Ordered, not timed (the wake-up itself is counted in tasks/otherWorkers.test.ts): the held call has no
      // answer before the task ends, and answers with the result once it has.
      let gateOpened = false;
      const reply = status(server, { taskId, waitMs: 5000 }).then((r) => ({ r, gateOpened }));
      setTimeout(() => {
        gateOpened = true;
        gated.open();
      }, 400);
      const { r, gateOpened: afterGate } = await reply;
      expect(afterGate).toBe(true);
      expect(r.json().data.result[taskId].resultCode).toBe(ResultCode.SUCCESS);
    });

    it('without waitMs answers at once; an unfinished task after waitMs says -112', async () => {
      gated.reset();
      const taskId = await submit(server);
      expect((await status(server, { taskId })).json().data.result[taskId].resultCode).toBe(ResultCode.GPU_TASK_UNFINISHED);
      expect((await status(server, { taskId, waitMs: 600 })).json().data.result[taskId].resultCode).toBe(ResultCode.GPU_TASK_UNFINISHED);
      gated.open();
    });

    it('sees a task ended by another process by re-reading the database', async () => {
      const taskId = await submit(idle);
      const reply = status(idle, { taskId, waitMs: 5000 });
      setTimeout(
        () =>
          void idle.runtime.db.query(`update tasks set status = 'failed', result_code = $2, finished_at = now() where id = $1`, [
            taskId,
            ResultCode.GPU_HANDLE_FAILED,
          ]),
        300,
      );
      const entry = (await reply).json().data.result[taskId];
      expect(entry.resultCode).toBe(ResultCode.GPU_HANDLE_FAILED);
    });

    it(`holds at most ${MAX_HELD_STATUS_PER_OWNER} calls of one client at once; the next is answered at once`, async () => {
      gated.reset();
      const taskId = await submit(server);
      const heldCalls = Array.from({ length: MAX_HELD_STATUS_PER_OWNER }, () => status(server, { taskId, waitMs: 5000 }));
      await new Promise((r) => setTimeout(r, 200));
      // Answered without being held: still unfinished while the held four wait (counted in heldStatusCap.test.ts).
      expect((await status(server, { taskId, waitMs: 5000 })).json().data.result[taskId].resultCode).toBe(ResultCode.GPU_TASK_UNFINISHED);
      gated.open();
      for (const call of heldCalls) expect((await call).json().data.result[taskId].resultCode).toBe(ResultCode.SUCCESS);
    });

    it('refuses a waitMs outside 0..5000 with -102, and an unknown id answers at once', async () => {
      for (const waitMs of [-1, 5001, 1.5, 'soon']) {
        expect((await status(server, { taskId: 'abc', waitMs })).json().resultCode).toBe(ResultCode.PARAMS_INVALID);
      }
      const res = (await status(server, { taskId: 'nosuchtask', waitMs: 5000 })).json();
      expect(res.data.result.nosuchtask.resultCode).toBe(ResultCode.PARAMS_INVALID);
    });
  });
}
