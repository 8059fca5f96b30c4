import { describe, expect, it, vi } from 'vitest';
import { isComparing, setComparing, subscribeCompare } from './compareStore';

describe('compareStore', () => {
  it('starts off, turns on and off, and tells subscribers only about real changes', () => {
    expect(isComparing()).toBe(false);
    const listener = vi.fn();
    const stop = subscribeCompare(listener);
    setComparing(true);
    setComparing(true);
    expect(isComparing()).toBe(true);
    setComparing(false);
    expect(isComparing()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    setComparing(true);
    expect(listener).toHaveBeenCalledTimes(2);
    setComparing(false);
  });
});
