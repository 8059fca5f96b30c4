import { describe, expect, it } from 'vitest';
import { loadOpenCv } from './opencv';

describe('loadOpenCv', () => {
  it('loads once, with inpaint, and leaves no process-wide error handlers behind', async () => {
    const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
    const cv = await loadOpenCv();
    expect(typeof cv.inpaint).toBe('function');
    expect(await loadOpenCv()).toBe(cv);
    // Emscripten's glue would otherwise rethrow any uncaught error and abort on any unhandled rejection.
    expect([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]).toEqual(before);
  });
});
