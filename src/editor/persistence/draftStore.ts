/**
 * The local safety copy of an open project: the latest document is written to localStorage
 * ('lumacut.draft.<pid>') on every change, so closing the tab while the server is unreachable
 * loses nothing. On the next open the draft is offered back when it holds changes the server
 * copy lacks. Only the document goes here; image bytes not yet uploaded wait in IndexedDB
 * (pendingAssets.ts), because localStorage holds only a few megabytes.
 */
import type { Project } from '../../../engine/doc/types';
import { DRAFT_KEY_PREFIX } from '../../../engine/spec/storageKeys';

/** Key prefix of a draft (defined once in engine/spec/storageKeys.ts). */
export { DRAFT_KEY_PREFIX };

export interface Draft {
  pid: string;
  doc: Project;
  /** When the draft was written (ms since epoch). */
  savedAt: number;
  /** The server revision the document was based on when written. */
  baseRevision: number;
  /** True once the server has exactly this document. */
  synced: boolean;
}

/** The subset of Storage used here (tests pass a Map-backed fake). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const draftKey = (pid: string): string => `${DRAFT_KEY_PREFIX}${pid}`;

function isDraft(value: unknown, pid: string): value is Draft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<Draft>;
  return (
    draft.pid === pid &&
    typeof draft.savedAt === 'number' &&
    typeof draft.baseRevision === 'number' &&
    typeof draft.synced === 'boolean' &&
    !!draft.doc &&
    typeof draft.doc === 'object'
  );
}

/** The stored draft of `pid`, or null when there is none or it is unreadable (never throws). */
export function readDraft(storage: DraftStorage, pid: string): Draft | null {
  try {
    const raw = storage.getItem(draftKey(pid));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed, pid) ? parsed : null;
  } catch {
    return null;
  }
}

/** Stores a draft; false when storage is full or unavailable (private mode), which is not an error for the user. */
export function writeDraft(storage: DraftStorage, draft: Draft): boolean {
  try {
    storage.setItem(draftKey(draft.pid), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: DraftStorage, pid: string): void {
  try {
    storage.removeItem(draftKey(pid));
  } catch {
    // unavailable storage has nothing to clear
  }
}

/** What the server answered when the project was opened. */
export interface ServerCopy {
  doc: unknown;
  revision: number;
  /** Last save on the server (ms since epoch), when known. */
  updatedAt?: number;
}

export type DraftDecision = 'offer' | 'ignore';

/**
 * Whether to offer the local draft back: only when it holds changes the server never got
 * (not synced, a different document) and it is newer than the server copy — nothing was saved
 * since the revision it was based on, or it was written after the server's last save. The
 * revision test comes first because it does not depend on this device's clock being right.
 */
export function decideDraft(draft: Draft | null, server: ServerCopy): DraftDecision {
  if (!draft || draft.synced) return 'ignore';
  if (sameDocument(draft.doc, server.doc)) return 'ignore';
  if (draft.baseRevision >= server.revision) return 'offer';
  const serverTime = server.updatedAt;
  return serverTime !== undefined && Number.isFinite(serverTime) && draft.savedAt > serverTime ? 'offer' : 'ignore';
}

/** Documents compared by content; the display name lives beside the document on the server, so it is left out. */
export function sameDocument(a: unknown, b: unknown): boolean {
  return stableJson(withoutName(a)) === stableJson(withoutName(b));
}

function withoutName(doc: unknown): unknown {
  if (!doc || typeof doc !== 'object') return doc;
  const { name: _name, ...rest } = doc as Record<string, unknown>;
  return rest;
}

/** JSON with object keys sorted, so key order does not make two equal documents differ. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, val: unknown) => {
    if (!val || typeof val !== 'object' || Array.isArray(val)) return val;
    return Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}
