import { describe, expect, it } from 'vitest';
import type { Project } from '../../../engine/doc/types';
import { clearDraft, decideDraft, draftKey, readDraft, sameDocument, writeDraft, type Draft, type DraftStorage } from './draftStore';

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const doc = (canvasW: number) => ({ projectId: 'PROJ_abcdefgh12', name: 'A', canvasW, layers: [] }) as unknown as Project;
const draft = (patch: Partial<Draft> = {}): Draft => ({
  pid: 'PROJ_abcdefgh12',
  doc: doc(1200),
  savedAt: 2000,
  baseRevision: 3,
  synced: false,
  ...patch,
});

describe('draft storage', () => {
  it('round-trips under lumacut.draft.<pid>', () => {
    const storage = memoryStorage();
    expect(writeDraft(storage, draft())).toBe(true);
    expect([...storage.map.keys()]).toEqual(['lumacut.draft.PROJ_abcdefgh12']);
    expect(draftKey('X')).toBe('lumacut.draft.X');
    expect(readDraft(storage, 'PROJ_abcdefgh12')).toEqual(draft());
    clearDraft(storage, 'PROJ_abcdefgh12');
    expect(readDraft(storage, 'PROJ_abcdefgh12')).toBeNull();
  });

  it('treats garbage or another project’s draft as no draft, and survives a full storage', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey('P'), '{not json');
    expect(readDraft(storage, 'P')).toBeNull();
    storage.setItem(draftKey('P'), JSON.stringify(draft()));
    expect(readDraft(storage, 'P')).toBeNull();
    const full: DraftStorage = {
      ...storage,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(writeDraft(full, draft())).toBe(false);
  });
});

describe('decideDraft', () => {
  const server = { doc: doc(1080), revision: 3 };

  it('offers an unsynced draft that differs from the server copy and is based on its revision', () => {
    expect(decideDraft(draft(), server)).toBe('offer');
  });

  it('ignores no draft, a synced draft, or one equal to the server copy', () => {
    expect(decideDraft(null, server)).toBe('ignore');
    expect(decideDraft(draft({ synced: true }), server)).toBe('ignore');
    expect(decideDraft(draft({ doc: { ...doc(1080), name: 'renamed since' } }), server)).toBe('ignore');
  });

  it('ignores a draft the server has moved past since, unless the draft was written later', () => {
    expect(decideDraft(draft({ baseRevision: 2 }), server)).toBe('ignore');
    expect(decideDraft(draft({ baseRevision: 2, savedAt: 1000 }), { ...server, updatedAt: 1500 })).toBe('ignore');
    expect(decideDraft(draft({ baseRevision: 1, savedAt: 2000 }), { ...server, updatedAt: 1500 })).toBe('offer');
  });

  it('trusts the revision over the clock: a draft on the current revision is offered even if the clock says older', () => {
    expect(decideDraft(draft({ savedAt: 1000 }), { ...server, updatedAt: 1500 })).toBe('offer');
  });

  it('compares documents by content, not key order', () => {
    expect(sameDocument({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(sameDocument({ a: 1 }, { a: 2 })).toBe(false);
  });
});
