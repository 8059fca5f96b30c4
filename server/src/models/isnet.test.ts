import { describe, expect, it } from 'vitest';
import { isnetLoaded, isnetTakesAnySize, releaseIsnet, runIsnetAt } from './isnet';

describe('IS-Net session lifetime (real model)', () => {
  it('runs again after the session was released (idle release), loading it anew', async () => {
    const size = (await isnetTakesAnySize()) ? 256 : 1024;
    const rgb = Buffer.alloc(size * size * 3, 200);
    const before = await runIsnetAt(rgb, size, size);
    expect(isnetLoaded()).toBe(true);
    await releaseIsnet();
    expect(isnetLoaded()).toBe(false);
    const after = await runIsnetAt(rgb, size, size);
    expect(isnetLoaded()).toBe(true);
    expect(after.length).toBe(size * size);
    // The same weights give the same mask.
    expect(Array.from(after.slice(0, 64))).toEqual(Array.from(before.slice(0, 64)));
  });
});
