import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { createRuntime, type Runtime } from '../runtime';
import { databaseTargets } from '../testing/testDatabases';
import { invertProcessor } from '../testing/testServer';
import { MAX_TASK_ATTEMPTS, WORKER_DIED_MESSAGE, recoverStrandedTasks } from './recovery';

for (const target of databaseTargets()) {
  describe(`recovery sweep on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let runtime: Runtime;

    beforeAll(async () => {
      store = await target.make();
      runtime = await createRuntime({
        config: { dataDir: store.dataDir, databaseUrl: store.databaseUrl, queueSchema: 'pgboss' },
        pgliteDir: store.pgliteDir,
        processors: { removebg: invertProcessor },
        sweepIntervalMs: 0, // only the sweeps these tests call
      });
    });
    afterAll(async () => {
      await runtime?.close(0);
      await store?.cleanup();
    });

    /** A task as a worker left it: running, claimed by `worker`, after `attempts` starts. */
    async function runningTask(id: string, worker: string, attempts: number) {
      await runtime.db.query(
        `insert into tasks (id, type, status, params, worker_id, attempts, job_id) values ($1, 'removebg', 'running', '{}', $2, $3, null)`,
        [id, worker, attempts],
      );
    }
    const lease = (worker: string, ageSeconds: number) =>
      runtime.db.query(`insert into worker_leases (worker_id, heartbeat_at) values ($1, now() - make_interval(secs => $2))`, [worker, ageSeconds]);
    const task = async (id: string) =>
      (
        await runtime.db.query<{ status: string; result_code: number | null; error_msg: string | null; job_id: string | null; worker_id: string | null }>(
          'select * from tasks where id = $1',
          [id],
        )
      ).rows[0];
    const sweep = () => recoverStrandedTasks(runtime.db, runtime.queue, { selfId: 'me', othersAreDead: false });

    it("queues a task again once its worker's lease lapsed, with a fresh job", async () => {
      await lease('dead-1', 60);
      await runningTask('t-dead', 'dead-1', 1);
      const result = await sweep();
      expect(result.requeued).toContain('t-dead');
      expect(await task('t-dead')).toMatchObject({ status: 'queued', worker_id: null });
      expect((await task('t-dead')).job_id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('leaves the task of a live worker alone', async () => {
      await lease('alive-1', 1);
      await runningTask('t-alive', 'alive-1', 1);
      const result = await sweep();
      expect(result.requeued).not.toContain('t-alive');
      expect(await task('t-alive')).toMatchObject({ status: 'running', worker_id: 'alive-1' });
    });

    it(`fails a task whose worker died ${MAX_TASK_ATTEMPTS} times, with a message that says so`, async () => {
      await lease('dead-2', 60);
      await runningTask('t-crashy', 'dead-2', MAX_TASK_ATTEMPTS);
      const result = await sweep();
      expect(result.failed).toEqual(['t-crashy']);
      expect(await task('t-crashy')).toMatchObject({ status: 'failed', result_code: ResultCode.GPU_HANDLE_FAILED, error_msg: WORKER_DIED_MESSAGE });
    });

    it('moves a stranded task on exactly once when several processes sweep at the same time', async () => {
      await lease('dead-3', 60);
      await runningTask('t-race', 'dead-3', 1);
      const results = await Promise.all([sweep(), sweep(), sweep()]);
      expect(results.flatMap((r) => r.requeued).filter((id) => id === 't-race')).toHaveLength(1);
      const { rows } = await runtime.db.query<{ n: string }>(`select count(*) as n from pgboss.job where data->>'taskId' = 't-race' and state = 'created'`);
      expect(Number(rows[0].n)).toBe(1);
    });

    it('a worker presumed dead can no longer finish the task it lost', async () => {
      const { WorkerTaskRepository } = await import('../tasks/workerTaskRepository');
      const old = new WorkerTaskRepository(runtime.db, 'dead-4');
      await lease('dead-4', 60);
      await runningTask('t-fenced', 'dead-4', 1);
      await sweep();
      await old.finish('t-fenced', '/files/results/x.png');
      expect((await task('t-fenced')).status).toBe('queued');
    });

    it('queues a task again whose job was lost (the process died between recording and queueing it)', async () => {
      await runtime.db.query(
        `insert into tasks (id, type, status, params, created_at) values ('t-lost', 'removebg', 'queued', '{}', now() - interval '5 minutes')`,
      );
      const young = await runtime.db.query(`insert into tasks (id, type, status, params) values ('t-young', 'removebg', 'queued', '{}') returning id`);
      expect(young.rows).toHaveLength(1);
      const result = await sweep();
      expect(result.requeued).toContain('t-lost');
      // A task queued seconds ago may still be on its way into the queue: left alone.
      expect(result.requeued).not.toContain('t-young');
      const { rows } = await runtime.db.query<{ state: string }>(
        `select j.state from pgboss.job j join tasks t on j.id::text = t.job_id where t.id = 't-lost'`,
      );
      expect(rows.map((r) => r.state)).toEqual(['created']);
      expect((await sweep()).requeued).not.toContain('t-lost'); // once
    });
  });
}
