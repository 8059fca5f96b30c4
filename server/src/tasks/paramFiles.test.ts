import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { makeTestContext, type TestContext } from '../models/inpaint/inpaint.testkit';
import { readParamFile } from './paramFiles';

let t: TestContext | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

describe('readParamFile', () => {
  it('reads an uploaded file from an absolute or a relative /files/ URL', async () => {
    t = await makeTestContext(Buffer.from('input'));
    const url = await t.upload('mask.png', Buffer.from('mask bytes'));
    t.ctx.params.maskUrl = url;
    expect((await readParamFile(t.ctx, 'maskUrl'))?.toString()).toBe('mask bytes');
    t.ctx.params.maskUrl = new URL(url).pathname;
    expect((await readParamFile(t.ctx, 'maskUrl'))?.toString()).toBe('mask bytes');
  });

  it('returns null when the param is absent or empty', async () => {
    t = await makeTestContext(Buffer.from('input'));
    expect(await readParamFile(t.ctx, 'bgUrl')).toBeNull();
    t.ctx.params.bgUrl = '';
    expect(await readParamFile(t.ctx, 'bgUrl')).toBeNull();
  });

  it.each([
    ['a foreign URL', 'https://example.com/cat.png', /uploaded to this server/],
    ['a path escape', '/files/../secret.png', /uploaded to this server/],
    ['a private project file', '/files/projects/u1/p1.json', /uploaded to this server/],
    ['a number', 42, /must be a file URL/],
    ['a deleted upload', '/files/uploads/web/gone.png', /no longer exists/],
  ])('rejects %s with PARAMS_INVALID', async (_label, value, message) => {
    t = await makeTestContext(Buffer.from('input'), { maskUrl: value });
    await expect(readParamFile(t.ctx, 'maskUrl')).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: expect.stringMatching(message) });
  });
});
