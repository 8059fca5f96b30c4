import { describe, expect, it } from 'vitest';
import { defaultAdjustParams } from '../../../../engine/doc/defaults';
import { ADJUST_KEYS, isIdentityAdjust } from '../../../../engine/effects/adjustRanges';
import { ADJUST_GROUPS, PGRAIN_KEYS, adjustOrDefault, isGroupDefault, resetGroup, withAdjust, withPgrain } from './adjustGroups';

describe('adjust slider groups', () => {
  it('show every adjustment exactly once, in the SPEC grouping', () => {
    const shown = ADJUST_GROUPS.flatMap((group) => group.keys);
    expect([...shown].sort()).toEqual([...ADJUST_KEYS].sort());
    expect(new Set(shown).size).toBe(shown.length);
    expect(ADJUST_GROUPS.map((group) => group.id)).toEqual(['light', 'colour', 'detail', 'effects']);
    expect(ADJUST_GROUPS[0].keys).toEqual(['brightness', 'contrast', 'exposure', 'highlight', 'shadow']);
    expect(ADJUST_GROUPS[1].keys).toEqual(['saturation', 'vibrance', 'tem', 'tint']);
    expect(ADJUST_GROUPS[2].keys).toEqual(['clarity', 'sharpen', 'structure', 'blur']);
    expect(ADJUST_GROUPS[3].keys).toEqual(['glow', 'vignette', 'grain']);
  });

  it('show the four pgrain fields in the effects group only', () => {
    expect(ADJUST_GROUPS.flatMap((group) => group.pgrain)).toEqual(['size', 'amount', 'highlights', 'roughness']);
    expect(ADJUST_GROUPS.find((group) => group.pgrain.length)?.id).toBe('effects');
    expect(Object.keys(defaultAdjustParams().pgrain).sort()).toEqual([...PGRAIN_KEYS].sort());
  });
});

describe('adjust edits', () => {
  it('start from all-zero defaults (unchanged image) when there are none', () => {
    expect(adjustOrDefault(null)).toEqual(defaultAdjustParams());
    expect(isIdentityAdjust(adjustOrDefault(undefined))).toBe(true);
  });

  it('change one key or one pgrain field and keep the rest', () => {
    const a = withAdjust(null, 'contrast', -30);
    expect(a).toEqual({ ...defaultAdjustParams(), contrast: -30 });
    const b = withPgrain(a, 'roughness', 50);
    expect(b.contrast).toBe(-30);
    expect(b.pgrain).toEqual({ size: 0, amount: 0, highlights: 0, roughness: 50 });
    expect(a.pgrain.roughness).toBe(0);
  });

  it('reset one group to 0 and leave the other groups alone', () => {
    let p = withAdjust(null, 'brightness', 20);
    p = withAdjust(p, 'tint', -10);
    p = withPgrain(p, 'amount', 40);
    const effects = ADJUST_GROUPS.find((group) => group.id === 'effects')!;
    const light = ADJUST_GROUPS.find((group) => group.id === 'light')!;
    expect(isGroupDefault(p, light)).toBe(false);
    expect(isGroupDefault(p, effects)).toBe(false);
    const afterLight = resetGroup(p, light);
    expect(afterLight.brightness).toBe(0);
    expect(afterLight.tint).toBe(-10);
    expect(isGroupDefault(afterLight, light)).toBe(true);
    const afterEffects = resetGroup(afterLight, effects);
    expect(afterEffects.pgrain.amount).toBe(0);
    expect(afterEffects.tint).toBe(-10);
  });
});
