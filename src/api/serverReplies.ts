/**
 * Every API reply's result code passes through here, so the login machine sees 1000006 from any
 * call (SPEC §4) and the "buy credits" dialog sees 1010103, without each page wiring it.
 */
type Listener = (resultCode: number, path?: string) => void;
const listeners = new Set<Listener>();

export function reportReply(resultCode: number, path?: string): void {
  for (const listener of listeners) listener(resultCode, path);
}

/** Subscribes to reply codes; returns the unsubscribe function. */
export function onReply(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
