/**
 * What may be moved (not copied) to or from a heavy-work thread: the ArrayBuffer of a Uint8Array that is the
 * whole of it. A view into a shared or pooled buffer (Buffer.from of a short string, a slice) is copied, as
 * before, so moving never empties memory that someone else still reads. Callers only pass buffers they own
 * and drop afterwards (a file just read from storage, a processor's output).
 */
export function transferableOf(value: unknown): ArrayBuffer[] {
  if (!(value instanceof Uint8Array)) return [];
  const buffer = value.buffer;
  return buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength && buffer.byteLength > 0 ? [buffer] : [];
}
