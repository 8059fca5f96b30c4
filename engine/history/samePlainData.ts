/**
 * Deep equality for JSON-like document data (objects, arrays, primitives). Used to skip writes that
 * change nothing, so they do not create empty undo steps or clear the redo stack.
 */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => samePlainData(item, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((key) => Object.hasOwn(b, key) && samePlainData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
