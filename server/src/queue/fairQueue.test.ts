/**
 * Issue 29 ("a fair queue") and issue 30 items 8 and 13, through the real queue (pg-boss), the real tasks table
 * and the real credit ledger, on PGlite and (with DATABASE_URL) PostgreSQL:
 * - another owner's first job goes before the second job of a batch (round-robin between owners);
 * - a light task never waits for the heavy job a single worker is running;
 * - the status reply says how many jobs are ahead;
 * - the per-owner queue cap holds under concurrent submits, and a refused submit costs nothing (item 8);
 * - a task re-queued after its worker died goes ahead of every queued first-time job (item 13).
 * Processors are stand-ins that record their order or wait on a gate the test opens: no clock is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { taskCost } from '../../../engine/spec/commerce';
import { CreditLedger } from '../credits/creditLedger';
import type { ProcessorContext, ProcessorOutput } from '../tasks/processor';
import { TaskRepository } from '../tasks/taskRepository';
import { TaskService } from '../tasks/taskService';
import { createRuntime, type Runtime } from '../runtime';
import { databaseTargets } from '../testing/testDatabases';
import { recoverStrandedTasks } from './recovery';

const output: ProcessorOutput = { body: Buffer.from('x'), contentType: 'image/png', extension: 'png' };
const tick = () => new Promise((r) => setTimeout(r, 5));

for (const target of databaseTargets()) {
  describe(`fair queue on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let runtime: Runtime;
    let tasks: TaskRepository;
    /** Task ids in the order their processor was called. */
    const order: string[] = [];
    /** While set, heavy processors wait for it (a job "running for a long time"). */
    let gate: Promise<void> | null = null;
    const opens: Array<() => void> = [];
    const openGate = () => {
      gate = null;
      for (const open of opens.splice(0)) open();
    };
    const closeGate = () => (gate = new Promise<void>((r) => opens.push(r)));

    const heavy = async (ctx: ProcessorContext) => {
      order.push(ctx.taskId);
      if (gate) await gate;
      return output;
    };
    const light = async (ctx: ProcessorContext) => {
      order.push(ctx.taskId);
      return output;
    };
    const service = (extra: Partial<ConstructorParameters<typeof TaskService>[0]> = {}) =>
      new TaskService({
        tasks,
        queue: runtime.queue,
        storage: { exists: async () => true } as never,
        processors: runtime.processors,
        access: { keyFor: async () => 'uploads/photo.png' } as never,
        ...extra,
      });
    const statusOf = async (id: string) => (await tasks.get(id))?.status;
    const until = async (done: () => Promise<boolean>) => {
      for (let i = 0; i < 4000 && !(await done()); i++) await tick();
    };

    beforeAll(async () => {
      store = await target.make();
      runtime = await createRuntime({
        config: { dataDir: store.dataDir, databaseUrl: store.databaseUrl, queueSchema: 'pgboss' },
        pgliteDir: store.pgliteDir,
        processors: { removebg: heavy, picenhance: heavy, changebg: light },
        sweepIntervalMs: 0,
      });
      tasks = new TaskRepository(runtime.db);
    });
    afterAll(async () => {
      openGate();
      await runtime?.close(0);
      await store?.cleanup();
    });

    it("round-robin between owners: the second owner's job goes before the batch's second, and the status says how many are ahead", async () => {
      const s = service();
      const batch: string[] = [];
      for (let i = 0; i < 4; i++) batch.push(await s.submitChecked('picenhance', { inputKey: 'uploads/a.png' }, 'owner-a'));
      const other = await s.submitChecked('picenhance', { inputKey: 'uploads/b.png' }, 'owner-b');
      // Before any worker runs: A's first job, then B's, then the rest of A's batch.
      const reply = await s.status([other, batch[1]!], (p) => p, 'owner-b');
      expect(reply[other]?.data).toMatchObject({ status: 'queued', queueAhead: 1 });
      expect(reply[batch[1]!]?.resultCode).toBe(ResultCode.PARAMS_INVALID); // another owner's task stays unknown
      expect((await s.status([batch[1]!], (p) => p, 'owner-a'))[batch[1]!]?.data).toMatchObject({ queueAhead: 2 });

      await runtime.startWorkers(1);
      await until(async () => (await statusOf(batch[3]!)) === 'done');
      expect(order.slice(0, 5)).toEqual([batch[0], other, batch[1], batch[2], batch[3]]);
    });

    it('a light task of another owner never waits for the heavy job the one worker is running', async () => {
      const s = service();
      closeGate();
      const heavyIds: string[] = [];
      for (let i = 0; i < 3; i++) heavyIds.push(await s.submitChecked('removebg', { inputKey: 'uploads/a.png' }, 'owner-c'));
      await until(async () => (await statusOf(heavyIds[0]!)) === 'running');
      const lightId = await s.submitChecked('changebg', { inputKey: 'uploads/b.png', bgType: 'color', color: '#ffffff' }, 'owner-d');
      await until(async () => (await statusOf(lightId)) === 'done');
      expect(await statusOf(lightId)).toBe('done');
      // The heavy worker is still on its first job; the others still wait.
      expect(await Promise.all(heavyIds.map(statusOf))).toEqual(['running', 'queued', 'queued']);
      openGate();
      await until(async () => (await statusOf(heavyIds[2]!)) === 'done');
    });

    it('item 13: a task whose worker died goes ahead of every queued first-time job', async () => {
      const s = service();
      closeGate();
      const queued: string[] = [];
      for (let i = 0; i < 3; i++) queued.push(await s.submitChecked('removebg', { inputKey: 'uploads/a.png' }, 'owner-e'));
      await until(async () => (await statusOf(queued[0]!)) === 'running');
      // A task a dead worker was running (its lease lapsed long ago), found by the sweep now.
      await runtime.db.query(`insert into worker_leases (worker_id, heartbeat_at) values ('dead-w', now() - interval '1 hour')`);
      await runtime.db.query(
        `insert into tasks (id, type, status, params, owner, worker_id, attempts) values ('crashed', 'removebg', 'running', '{"inputKey":"uploads/a.png"}', 'owner-f', 'dead-w', 1)`,
      );
      const swept = await recoverStrandedTasks(runtime.db, runtime.queue, { selfId: runtime.workerId, othersAreDead: false });
      expect(swept.requeued).toContain('crashed');
      const before = order.length;
      openGate();
      await until(async () => (await statusOf(queued[2]!)) === 'done' && (await statusOf('crashed')) === 'done');
      // Next after the running job: the re-queued one, although the two queued jobs are older.
      expect(order.slice(before, before + 3)).toEqual(['crashed', queued[1], queued[2]]);
    });

    it('item 8: 30 concurrent submits against a cap of 5 record and charge exactly 5; the rest get 429 and cost nothing', async () => {
      const ledger = new CreditLedger(runtime.db, { freeDailyCredits: 0 });
      const payer = 'account:cap-race';
      await ledger.grant(payer, 100, { bucket: 'paid', ref: 'cap-pack' });
      closeGate();
      const s = service({ maxActivePerOwner: 5, charging: ledger });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 30 }, () => s.submit('removebg', { imgUrl: '/files/uploads/photo.png' }, 'owner-cap', payer)),
      );
      const accepted = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(accepted).toHaveLength(5);
      expect(refused).toHaveLength(25);
      for (const r of refused) expect(r.reason).toMatchObject({ httpStatus: 429, code: ResultCode.SERVICE_UNAVAILABLE });
      const { rows } = await runtime.db.query<{ n: string | number }>(`select count(*) as n from tasks where owner = 'owner-cap'`);
      expect(Number(rows[0]?.n)).toBe(5);
      // Each accepted task paid once, each refused one nothing.
      expect((await ledger.balance(payer)).total).toBe(100 - 5 * taskCost('removebg', {}));
      openGate();
    });
  });
}
