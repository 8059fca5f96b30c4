import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import { LocalDiskStorage } from '../storage/localDiskStorage';
import type { FileStorage } from '../storage/storage';
import type { ProcessorContext } from '../tasks/processor';
import { THREADED_PROCESSORS } from '../threadedProcessors';
import { readPhoto } from '../testing/testPhotos';
import { LIGHT_RESERVED_THREADS, closeHeavyPool, configureHeavyPool, heavyPoolStats, runOnThread } from './heavyPool';

const probe = new URL('./threadProbe.ts', import.meta.url);
// Server test files share a worker's modules: start from an empty pool of this file's size, not one an
// earlier file's server left with threads of its own.
beforeAll(async () => {
  await closeHeavyPool();
  configureHeavyPool(2);
});
afterAll(() => closeHeavyPool());

describe('heavy-work thread pool', () => {
  it('runs CPU-bound work off the event loop: timers keep firing while a thread spins', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const out = await runOnThread<{ threadId: number }>(probe, 'spin', [600]);
    clearInterval(timer);
    expect(out.threadId).toBeGreaterThan(0); // not the main thread (0)
    // Had the spin run here, no timer would have fired until it ended.
    expect(ticks).toBeGreaterThan(5);
  });

  it('never runs more jobs at once than its size; the rest wait their turn', async () => {
    const jobs = Array.from({ length: 5 }, () => runOnThread<{ threadId: number }>(probe, 'spin', [150]));
    await new Promise((r) => setTimeout(r, 50));
    const stats = heavyPoolStats();
    expect(stats.busy).toBeLessThanOrEqual(2);
    expect(stats.threads).toBeLessThanOrEqual(2);
    const ids = new Set((await Promise.all(jobs)).map((j) => j.threadId));
    expect(ids.size).toBeLessThanOrEqual(2);
  });

  it('issue 29: light work never waits behind heavy work: it takes the reserved thread while every other one is busy', async () => {
    // Threads take a while to start on a busy machine: start the reserved one first (its first job), so the
    // order below reflects the lanes, not start-up times.
    // Light work keeps to its own thread even while a general one is idle (its re-runs hit that thread's cut-out cache).
    const warm = await runOnThread<{ threadId: number }>(probe, 'spin', [1], 'light');
    expect(heavyPoolStats().reserved).toBe(LIGHT_RESERVED_THREADS);
    const finished: string[] = [];
    const heavy = Array.from({ length: 3 }, (_, i) => runOnThread(probe, 'spin', [2500]).then(() => finished.push(`heavy${i}`)));
    await new Promise((r) => setTimeout(r, 50));
    expect(heavyPoolStats().waiting).toBe(1); // two heavy threads busy, the third heavy job waits
    const light = await runOnThread<{ threadId: number }>(probe, 'spin', [20], 'light').then((out) => {
      finished.push('light');
      return out;
    });
    // It ran at once on a thread of its own, before any heavy job ended (not after the waiting one).
    expect(finished).toEqual(['light']);
    expect(heavyPoolStats().reserved).toBe(LIGHT_RESERVED_THREADS);
    expect(light.threadId).toBe(warm.threadId);
    await Promise.all(heavy);
    expect(finished.slice(1).sort()).toEqual(['heavy0', 'heavy1', 'heavy2']);
  });

  it('keeps the SPEC code of an error thrown on the thread', async () => {
    const err = await runOnThread(probe, 'refuse', [ResultCode.PARAMS_INVALID, 'bad picture']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(ResultCode.PARAMS_INVALID);
    expect((err as ApiError).message).toBe('bad picture');
  });

  it('runs the real cut-out on a thread, reading the input through the event loop storage and reporting progress', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-heavy-'));
    try {
      const storage: FileStorage = new LocalDiskStorage(dir);
      await storage.put('uploads/astronaut.jpg', await readPhoto('astronaut'), 'image/jpeg');
      const progress: number[] = [];
      const ctx: ProcessorContext = {
        taskId: 't1',
        params: { inputKey: 'uploads/astronaut.jpg' },
        storage,
        onProgress: (p) => progress.push(p),
        checkCancelled: async () => undefined,
      };
      const out = await THREADED_PROCESSORS.removebg!(ctx);
      expect(out.contentType).toBe('image/png');
      const meta = await sharp(out.body).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([512, 512, true]);
      expect(progress.length).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('stops a processor at its next check when the task was cancelled, with the event loop error', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-heavy-'));
    try {
      const storage: FileStorage = new LocalDiskStorage(dir);
      await storage.put('uploads/coffee.jpg', await readPhoto('coffee'), 'image/jpeg');
      class Stop extends Error {}
      const ctx: ProcessorContext = {
        taskId: 't2',
        params: { inputKey: 'uploads/coffee.jpg' },
        storage,
        onProgress: () => undefined,
        checkCancelled: async () => {
          throw new Stop('cancelled by the user');
        },
      };
      await expect(THREADED_PROCESSORS.removebg!(ctx)).rejects.toBeInstanceOf(Stop);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs the blur on a thread, and its bad-parameter errors keep their SPEC code', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-heavy-'));
    try {
      const storage: FileStorage = new LocalDiskStorage(dir);
      await storage.put('uploads/astronaut.jpg', await readPhoto('astronaut'), 'image/jpeg');
      const ctx = (params: Record<string, unknown>): ProcessorContext => ({
        taskId: 't3',
        params: { inputKey: 'uploads/astronaut.jpg', ...params },
        storage,
        onProgress: () => undefined,
        checkCancelled: async () => undefined,
      });
      const out = await THREADED_PROCESSORS.bgblur!(ctx({ strength: 60 }));
      const meta = await sharp(out.body).metadata();
      expect([meta.width, meta.height]).toEqual([512, 512]);
      await expect(THREADED_PROCESSORS.bgblur!(ctx({ strength: 'lots' }))).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
