import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { extendLayout, parseExtendParams } from './aiextendLayout';

const centre = { x: 0.5, y: 0.5 };
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return { code: (err as { code?: number }).code, message: (err as Error).message };
  }
  return null;
};

describe('parseExtendParams', () => {
  it('accepts a preset ratio and centres the photo by default', () => {
    expect(parseExtendParams({ ratio: '16:9', inputKey: 'k' })).toEqual({ ratio: '16:9', position: centre });
    expect(parseExtendParams({ ratio: 'custom', width: 800, height: 600, position: { x: 0, y: 1 } })).toEqual({
      ratio: 'custom',
      width: 800,
      height: 600,
      position: { x: 0, y: 1 },
    });
  });

  it.each([
    [{ ratio: '5:4' }, 'ratio must be one of'],
    [{}, 'ratio must be one of'],
    [{ ratio: 'custom' }, 'needs width and height'],
    [{ ratio: 'custom', width: 800 }, 'needs width and height'],
    [{ ratio: 'custom', width: 5000, height: 600 }, 'width must be a whole number'],
    [{ ratio: 'custom', width: 800, height: 600.5 }, 'height must be a whole number'],
    [{ ratio: 'custom', width: '800', height: 600 }, 'width must be a whole number'],
    [{ ratio: '1:1', position: { x: 1.5, y: 0 } }, 'position must be'],
    [{ ratio: '1:1', position: 'middle' }, 'position must be'],
  ])('rejects %j with PARAMS_INVALID', (params, message) => {
    const error = code(() => parseExtendParams(params));
    expect(error?.code).toBe(ResultCode.PARAMS_INVALID);
    expect(error?.message).toContain(message);
  });
});

describe('extendLayout', () => {
  it('grows only the side a preset ratio needs, photo centred', () => {
    expect(extendLayout({ ratio: '16:9', position: centre }, 1200, 900)).toEqual({ width: 1600, height: 900, left: 200, top: 0 });
    expect(extendLayout({ ratio: '9:16', position: centre }, 900, 900)).toEqual({ width: 900, height: 1600, left: 0, top: 350 });
    expect(extendLayout({ ratio: '1:1', position: centre }, 600, 400)).toEqual({ width: 600, height: 600, left: 0, top: 100 });
  });

  it('places the photo by position 0..1', () => {
    expect(extendLayout({ ratio: '16:9', position: { x: 0, y: 0.5 } }, 1200, 900).left).toBe(0);
    expect(extendLayout({ ratio: '16:9', position: { x: 1, y: 0.5 } }, 1200, 900).left).toBe(400);
    expect(extendLayout({ ratio: 'custom', width: 800, height: 800, position: { x: 0.25, y: 1 } }, 600, 400)).toEqual({
      width: 800,
      height: 800,
      left: 50,
      top: 400,
    });
  });

  it.each([
    [{ ratio: '4:3' as const, position: centre }, 1200, 900, 'already is'],
    [{ ratio: 'custom' as const, width: 500, height: 900, position: centre }, 600, 400, 'smaller than the photo'],
    [{ ratio: 'custom' as const, width: 600, height: 400, position: centre }, 600, 400, 'already is'],
    [{ ratio: 'custom' as const, width: 2000, height: 2000, position: centre }, 600, 400, 'too large'],
    [{ ratio: '16:9' as const, position: centre }, 200, 800, 'too large'],
  ])('refuses %j on a %i×%i photo', (params, w, h, message) => {
    const error = code(() => extendLayout(params, w, h));
    expect(error?.code).toBe(ResultCode.PARAMS_INVALID);
    expect(error?.message).toContain(message);
  });
});
