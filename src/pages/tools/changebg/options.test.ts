import { describe, expect, it } from 'vitest';
import { isValidColor } from '../../../../engine/doc/color';
import { parseChangeBgParams } from '../../../../engine/backgrounds/params';
import { COLOR_PRESETS, DEFAULT_OPTIONS, GRADIENT_PRESETS, PALETTE, cssGradient, needsRerun, toRequest } from './options';

describe('background changer options', () => {
  it('builds params the server accepts, for every background type', () => {
    const photo = new File(['x'], 'bg.png', { type: 'image/png' });
    const runs = [
      toRequest(DEFAULT_OPTIONS),
      toRequest({ ...DEFAULT_OPTIONS, bgType: 'gradient' }),
      toRequest({ ...DEFAULT_OPTIONS, bgType: 'library', bgId: 'bokeh-garden' }),
      toRequest({ ...DEFAULT_OPTIONS, bgType: 'image', bgFile: photo }, '/files/uploads/bg.png'),
      toRequest({ ...DEFAULT_OPTIONS, bgType: 'transparent', shadow: true, subject: { x: 0.4, y: 0.6, scale: 0.7 } }),
    ];
    for (const request of runs) expect(parseChangeBgParams(request as Record<string, unknown>).ok, JSON.stringify(request)).toBe(true);
    expect(toRequest(DEFAULT_OPTIONS)).toEqual({ bgType: 'color', color: '#FFFFFF', subject: { x: 0.5, y: 0.5, scale: 1 }, shadow: false });
  });

  it('only sends the fields of the chosen background type', () => {
    expect(toRequest({ ...DEFAULT_OPTIONS, bgType: 'library' })).not.toHaveProperty('color');
    expect(toRequest({ ...DEFAULT_OPTIONS, bgType: 'transparent' })).toEqual({ bgType: 'transparent', subject: DEFAULT_OPTIONS.subject, shadow: false });
  });

  it('re-runs a finished result only when the picture would change', () => {
    const last = DEFAULT_OPTIONS;
    expect(needsRerun('done', last, { ...last, color: '#000000' })).toBe(true);
    expect(needsRerun('failed', last, { ...last, shadow: true })).toBe(true);
    // A colour change while a library background is shown changes nothing.
    const library = { ...last, bgType: 'library' as const };
    expect(needsRerun('done', library, { ...library, color: '#000000' })).toBe(false);
    expect(needsRerun('processing', last, { ...last, color: '#000000' })).toBe(false);
    expect(needsRerun('done', null, { ...last, color: '#000000' })).toBe(false);
    // "Your image" waits until a picture is chosen; a new picture is a change.
    expect(needsRerun('done', last, { ...last, bgType: 'image' })).toBe(false);
    const a = new File(['a'], 'a.png');
    const b = new File(['b'], 'b.png');
    expect(needsRerun('done', { ...last, bgType: 'image', bgFile: a }, { ...last, bgType: 'image', bgFile: b })).toBe(true);
  });

  it('offers only valid colours', () => {
    for (const colour of [...COLOR_PRESETS.map((p) => p.color), ...PALETTE, ...GRADIENT_PRESETS.flatMap((g) => [g.from, g.to])]) {
      expect(isValidColor(colour), colour).toBe(true);
    }
    expect(cssGradient({ from: '#000000', to: '#FFFFFF', angle: 90 })).toBe('linear-gradient(90deg, #000000, #FFFFFF)');
  });
});
