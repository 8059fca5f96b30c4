/**
 * A value that follows `value` once it has stopped changing for `delayMs` (0: at once). While the
 * two differ, the scene counts it as pending work. Used to re-render whole-canvas effects only
 * after a gesture pauses, not on every pointer move.
 */
import { useEffect, useState } from 'react';
import { useBusyWhile } from './workTracker';

export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (delayMs <= 0) return undefined;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  const current = delayMs <= 0 ? value : settled;
  useBusyWhile(!Object.is(current, value));
  return current;
}
