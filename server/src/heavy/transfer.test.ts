import { describe, expect, it } from 'vitest';
import { transferableOf } from './transfer';

describe('what moves to a heavy thread instead of being copied', () => {
  it('moves a buffer that is the whole of its memory', () => {
    const whole = Buffer.alloc(1 << 16);
    expect(transferableOf(whole)).toEqual([whole.buffer]);
    const bytes = new Uint8Array(10);
    expect(transferableOf(bytes)).toEqual([bytes.buffer]);
  });

  it('copies a view into memory others share: a slice, a pooled small Buffer, an empty one, or no buffer', () => {
    const whole = Buffer.alloc(1000);
    expect(transferableOf(whole.subarray(10))).toEqual([]);
    expect(transferableOf(Buffer.from('a small string lands in the shared pool'))).toEqual([]);
    expect(transferableOf(new Uint8Array(0))).toEqual([]);
    expect(transferableOf(undefined)).toEqual([]);
    expect(transferableOf({ body: whole })).toEqual([]);
  });
});
