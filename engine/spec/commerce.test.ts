import { describe, expect, it } from 'vitest';
import { DEFAULT_TASK_COST, taskCost } from './commerce';
import { ENHANCE_STRENGTHS } from './kinds';
import { TASK_CREDITS } from './tasks/credits';

describe('taskCost', () => {
  it('charges the enhancer its table price for every strength and scale (SPEC names no surcharge)', () => {
    for (const efMode of ENHANCE_STRENGTHS) {
      for (const scale of [2, 4, '4']) expect(taskCost('picenhance', { efMode, scale })).toBe(TASK_CREDITS.picenhance);
    }
    // The old rule doubled "efMode 4"; a client sending it must not be charged twice either.
    expect(taskCost('picenhance', { efMode: 4 })).toBe(TASK_CREDITS.picenhance);
  });

  it('reads every type from the credits column, and an unknown type at the default', () => {
    expect(taskCost('aiGeneratePic', { prompt: 'a cat' })).toBe(4);
    expect(taskCost('batchEdit')).toBe(0);
    expect(taskCost('notAType')).toBe(DEFAULT_TASK_COST);
  });
});
