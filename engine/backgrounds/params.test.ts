import { describe, expect, it } from 'vitest';
import { DEFAULT_PLACEMENT, parseChangeBgParams } from './params';

const message = (raw: Record<string, unknown>) => {
  const result = parseChangeBgParams(raw);
  return result.ok ? null : result.message;
};

describe('parseChangeBgParams', () => {
  it('normalises a colour and fills in defaults', () => {
    expect(parseChangeBgParams({ bgType: 'color', color: '#00b140', inputKey: 'uploads/x.png' })).toEqual({
      ok: true,
      value: { bgType: 'color', color: '#00B140FF', subject: DEFAULT_PLACEMENT, shadow: false },
    });
  });

  it('accepts each background type with its own field', () => {
    expect(parseChangeBgParams({ bgType: 'gradient', gradient: { from: '#000000', to: '#FFFFFF80' } })).toMatchObject({
      ok: true,
      value: { gradient: { from: '#000000FF', to: '#FFFFFF80', angle: 180 } },
    });
    expect(parseChangeBgParams({ bgType: 'library', bgId: 'studio-white', shadow: true, subject: { y: 0.6, scale: 0.8 } })).toMatchObject({
      ok: true,
      value: { bgId: 'studio-white', shadow: true, subject: { x: 0.5, y: 0.6, scale: 0.8 } },
    });
    expect(parseChangeBgParams({ bgType: 'image', bgUrl: '/files/uploads/bg.png' })).toMatchObject({ ok: true, value: { bgUrl: '/files/uploads/bg.png' } });
    expect(parseChangeBgParams({ bgType: 'transparent' })).toMatchObject({ ok: true, value: { bgType: 'transparent' } });
  });

  it('explains what is wrong', () => {
    expect(message({ bgType: 'sky' })).toBe('bgType must be one of color, gradient, library, image, transparent');
    expect(message({ bgType: 'color' })).toBe('color is required: a colour as #RRGGBB or #RRGGBBAA');
    expect(message({ bgType: 'color', color: 'red' })).toBe('color: Invalid color format. Expected format: #RRGGBB / #RRGGBBAA');
    expect(message({ bgType: 'color', color: '#12345' })).toBe('color: Invalid hex color');
    expect(message({ bgType: 'gradient' })).toBe('gradient is required: { from, to, angle }');
    expect(message({ bgType: 'gradient', gradient: { from: '#000000', to: 'blue' } })).toBe(
      'gradient.to: Invalid color format. Expected format: #RRGGBB / #RRGGBBAA',
    );
    expect(message({ bgType: 'gradient', gradient: { from: '#000000', to: '#FFFFFF', angle: '90' } })).toBe('gradient.angle must be a number');
    expect(message({ bgType: 'library' })).toBe('bgId is required: the id of a library background');
    expect(message({ bgType: 'library', bgId: '../etc/passwd' })).toBe('bgId: there is no library background "../etc/passwd"');
    expect(message({ bgType: 'image', bgUrl: 5 })).toBe('bgUrl is required: upload the background image first');
    expect(message({ bgType: 'transparent', subject: 'centre' })).toBe('subject must be an object { x, y, scale }');
    expect(message({ bgType: 'transparent', subject: { x: 1.5 } })).toBe('subject.x must be between 0 and 1');
    expect(message({ bgType: 'transparent', subject: { scale: 0.05 } })).toBe('subject.scale must be between 0.1 and 2');
    expect(message({ bgType: 'transparent', subject: { y: Number.NaN } })).toBe('subject.y must be a number');
    expect(message({ bgType: 'transparent', shadow: 'yes' })).toBe('shadow must be true or false');
  });
});
