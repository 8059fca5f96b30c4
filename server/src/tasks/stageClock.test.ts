import { afterEach, describe, expect, it, vi } from 'vitest';
import { StageClock } from './stageClock';

afterEach(() => vi.restoreAllMocks());

describe('StageClock', () => {
  it('gives each stage the time since the previous mark, adding up a repeated stage', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const clock = new StageClock();
    now = 1012.34;
    clock.mark('claim');
    now = 1500;
    clock.mark('process');
    now = 1503;
    clock.mark('claim');
    expect(clock.ms).toEqual({ claim: 15.3, process: 487.7 });
  });
});
