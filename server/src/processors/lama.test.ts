import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { cropPng, holeMask, makeTestContext, psnr, type TestContext } from '../models/inpaint/inpaint.testkit';
import { forgetProcessConfig } from '../config/processConfig';
import { readPhoto } from '../testing/testPhotos';
import { lamaProcessor } from './lama';

const HOLE = { x: 60, y: 40, w: 24, h: 24 };
let t: TestContext | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  forgetProcessConfig();
  vi.restoreAllMocks();
  await t?.cleanup();
  t = undefined;
});

async function context() {
  const photo = await cropPng(await readPhoto('coffee'), { x: 380, y: 0, w: 144, h: 104 });
  t = await makeTestContext(photo);
  t.ctx.params.maskUrl = await t.upload('mask.png', await holeMask(144, 104, [HOLE]));
  return { ...t, photo };
}

describe('lamaProcessor', () => {
  it("fills with the best classical fill and says so in the result URL (the learned fill is the registry's wrapper)", async () => {
    const { ctx, photo } = await context();
    const out = await lamaProcessor(ctx);
    expect(await psnr(photo, out.body, HOLE)).toBeGreaterThan(24); // measured 27.4–28.5 on this wall
    expect(out.resultQuery).toEqual({ fill: 'patch' });
  });

  it('needs a mask', async () => {
    const { ctx } = await context();
    delete ctx.params.maskUrl;
    await expect(lamaProcessor(ctx)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });
});
