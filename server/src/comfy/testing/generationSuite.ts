import { afterAll, afterEach, beforeAll } from 'vitest';
import type { GenerationRuntime } from '../runtime';
import { FAKE_DEFAULTS, startFakeComfy, type FakeComfy } from './fakeComfyServer';
import { jobHarness, testRuntime, type JobHarness } from './jobHarness';

/** What a generation test file works with; `fake` and `rt` exist from its first test on. */
export interface GenerationSuite {
  readonly fake: FakeComfy;
  readonly rt: GenerationRuntime & { close(): void };
  /** The runtime as processors take it (`generativeProcessor(type, suite.runtime)`). */
  runtime: () => GenerationRuntime;
  /** A job harness over temp storage, removed after the test that made it. */
  harness(input: Buffer | null, params?: Record<string, unknown>): Promise<JobHarness>;
}

/**
 * The set-up the generation suites share (conformance, webui, allTypes): one protocol test server for the file,
 * a runtime pointed at it through `server` (COMFYUI_URL or WEBUI_URL, 20 s job limit), and after each test the
 * server's behaviour back to normal and the test's harnesses removed. Call it once at the top of a test file.
 */
export function generationSuite(server: 'COMFYUI_URL' | 'WEBUI_URL'): GenerationSuite {
  let fake: FakeComfy | undefined;
  let rt: (GenerationRuntime & { close(): void }) | undefined;
  const made: JobHarness[] = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('generationSuite: used before its beforeAll ran');
    return value;
  };
  beforeAll(async () => {
    fake = await startFakeComfy();
    rt = testRuntime({ [server]: fake.url, GENERATION_TIMEOUT_S: '20' });
  });
  afterAll(async () => {
    rt?.close();
    await fake?.close();
  });
  afterEach(async () => {
    fake?.behave(FAKE_DEFAULTS);
    await Promise.all(made.splice(0).map((h) => h.cleanup()));
  });
  return {
    get fake() {
      return started(fake);
    },
    get rt() {
      return started(rt);
    },
    runtime: () => started(rt),
    async harness(input, params) {
      const h = await jobHarness(input, params);
      made.push(h);
      return h;
    },
  };
}
