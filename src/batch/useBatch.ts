/**
 * React side of a batch: one batch-machine actor per page, resumed from the server when the URL
 * carries `?pid=<batchId>`, and the URL given that `pid` as soon as the server has the batch, so a
 * reload (or a link) comes back to it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, type Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import type { BatchStatus, BatchToolId } from '../../engine/spec/batch';
import type { Language } from '../../engine/spec/locales';
import { localizePath } from '../../engine/site/localePath';
import type { NewPhoto } from '../../machines/batch.machine';
import { getBatch } from '../api/batchApi';
import { restoredItems } from './itemUpdate';
import { dropBatchPhotos, dropPendingPhoto, keepPendingPhotos, readPendingPhotos } from './pendingPhotos';
import { BATCH_UPLOAD_CONCURRENCY, liveBatchMachine } from './liveBatchMachine';

export type BatchActor = Actor<typeof liveBatchMachine>;

/** The id of a batch in the page's URL. */
export const pidFromUrl = (search: string) => new URLSearchParams(search).get('pid');

/** Where a batch is resumed from (issue 17: `/batch-edit?pid=`). */
export const resumePath = (lang: Language, batchId: string) => `${localizePath(lang, '/batch-edit')}?pid=${encodeURIComponent(batchId)}`;

let photoSeq = 0;
// Unique across page loads too: photos kept for a reload come back with their ids (pendingPhotos.ts).
const loadTag = Date.now().toString(36);
/** Gives picked files the ids the machine keys them by. */
export const asNewPhotos = (files: readonly File[]): NewPhoto[] => files.map((file) => ({ id: `local-${loadTag}-${++photoSeq}`, name: file.name, file }));

/** Starts a batch actor for a new batch of `tool`, or resumes `server`'s batch with the photos not yet uploaded. */
function makeActor(tool: BatchToolId, settings: Record<string, unknown>, server: BatchStatus | null, pending: NewPhoto[] = []): BatchActor {
  return createActor(liveBatchMachine, {
    input: server
      ? {
          tool: server.tool,
          settings: server.settings as Record<string, unknown>,
          limit: BATCH_UPLOAD_CONCURRENCY,
          resume: {
            batchId: server.batchId,
            started: server.state !== 'open',
            items: restoredItems(server),
            pending: server.state === 'cancelled' ? [] : pending,
          },
        }
      : { tool, settings, limit: BATCH_UPLOAD_CONCURRENCY },
  }).start();
}

export type LoadState = { kind: 'ready' } | { kind: 'loading' } | { kind: 'missing'; code: number | null };

/**
 * The page's batch actor. With `pid` the batch is loaded from the server first (`load` says how that
 * went); `reset` throws the batch away and starts an empty one.
 */
export function useBatch(tool: BatchToolId, defaults: Record<string, unknown>, pid: string | null, lang: Language) {
  const [load, setLoad] = useState<LoadState>(pid ? { kind: 'loading' } : { kind: 'ready' });
  const [actor, setActor] = useState<BatchActor>(() => makeActor(tool, defaults, null));
  const loadedPid = useRef<string | null>(null);

  useEffect(() => {
    if (!pid || loadedPid.current === pid) return;
    loadedPid.current = pid;
    setLoad({ kind: 'loading' });
    Promise.all([getBatch(pid), readPendingPhotos(pid)]).then(
      ([server, pending]) => {
        // Kept photos the server lists by their key landed just before the reload: forget them here.
        const onServer = new Set(server.items.map((item) => item.key));
        for (const p of pending) if (onServer.has(p.id)) void dropPendingPhoto(server.batchId, p.id);
        setActor(makeActor(tool, defaults, server, pending));
        setLoad({ kind: 'ready' });
      },
      (err: { code?: number }) => setLoad({ kind: 'missing', code: err?.code ?? null }),
    );
  }, [pid, tool, defaults]);

  // Stop an actor once it is replaced or the page is left; StrictMode's trial unmount (mounted again at once) keeps it.
  const current = useRef(actor);
  current.current = actor;
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current || current.current !== actor) actor.stop();
      }, 0);
    };
  }, [actor]);

  // Once the server has the batch, the address names it (replaceState: no navigation, nothing remounts).
  const batchId = useSelector(actor, (s) => s.context.batchId);
  useEffect(() => {
    if (!batchId || pidFromUrl(window.location.search) === batchId) return;
    loadedPid.current = batchId;
    window.history.replaceState(window.history.state, '', resumePath(lang, batchId));
  }, [batchId, lang]);

  // Once the batch has an id, every photo not yet on the server is kept in the browser until it is, so a
  // reload before the uploads end resumes them (pendingPhotos.ts; each is dropped when its upload lands).
  useEffect(() => {
    if (!batchId) return;
    const waiting = actor
      .getSnapshot()
      .context.assets.map((entry, order) => ({ order, c: entry.ref.getSnapshot().context }))
      .filter(({ c }) => c.file !== null && c.itemId === null)
      .map(({ order, c }) => ({ id: c.id, name: c.name, file: c.file!, order }));
    void keepPendingPhotos(batchId, waiting);
  }, [actor, batchId]);

  const reset = useCallback(() => {
    // The batch thrown away is never resumed: the photos it kept for a reload go now (its uploads still in
    // flight may land on the server, but nothing asks for them again).
    const abandoned = current.current.getSnapshot().context.batchId;
    if (abandoned) void dropBatchPhotos(abandoned);
    loadedPid.current = null;
    setActor(makeActor(tool, defaults, null));
    setLoad({ kind: 'ready' });
  }, [tool, defaults]);

  return { actor, load, reset };
}
