/**
 * State of an editable brush mask for a page: the stroke history, the loaded detected masks, the taps of the
 * object-selection tool, undo/redo (also on Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y while `shortcuts` is on), and
 * export as a PNG. The selection of the taps is fetched by the page and handed to the exports.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { historyChord } from './historyChord';
import { canvasToPngBlob, maskSourceFromImage, renderMaskCanvas } from './maskRender';
import {
  canRedo,
  canUndo,
  emptyHistory,
  isMaskEmpty,
  pushEdit,
  redo,
  undo,
  visibleEdits,
  withoutEdit,
  type MaskEdit,
  type StrokeOp,
  type TapOp,
} from './strokeHistory';

/** Loads an image URL into an element (same-origin masks, so the canvas is not tainted). */
function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`could not load ${url}`));
    img.src = url;
  });
}

export function useMaskHistory(width: number, height: number, shortcuts: boolean) {
  const [history, setHistory] = useState(emptyHistory);
  const [sources, setSources] = useState<ReadonlyMap<string, HTMLCanvasElement>>(() => new Map());
  const edits = useMemo(() => visibleEdits(history), [history]);

  const addStroke = useCallback((stroke: StrokeOp) => setHistory((h) => pushEdit(h, stroke)), []);
  const addTap = useCallback((tap: TapOp) => setHistory((h) => pushEdit(h, tap)), []);
  /** Takes back one edit wherever it stands (a tap whose selection failed). */
  const dropEdit = useCallback((edit: MaskEdit) => setHistory((h) => withoutEdit(h, edit)), []);
  const clear = useCallback(() => setHistory((h) => pushEdit(h, { kind: 'clear' })), []);
  const doUndo = useCallback(() => setHistory(undo), []);
  const doRedo = useCallback(() => setHistory(redo), []);
  const reset = useCallback(() => {
    setHistory(emptyHistory());
    setSources(new Map());
  }, []);

  /** Adds a detector's black/white mask (white = add) on top of the strokes, as one undoable step. */
  const addMaskFromUrl = useCallback(
    async (url: string) => {
      const img = await loadImage(url);
      const source = maskSourceFromImage(img, width, height);
      const key = `${url}#${Date.now()}`;
      setSources((prev) => new Map(prev).set(key, source));
      setHistory((h) => pushEdit(h, { kind: 'mask', source: key } satisfies MaskEdit));
    },
    [width, height],
  );

  /** The mask as the server wants it: PNG of the photo's size, white = erase; `selection` is the taps' selection. */
  const exportPng = useCallback(
    (selection: CanvasImageSource | null = null) => canvasToPngBlob(renderMaskCanvas(edits, sources, width, height, selection)),
    [edits, sources, width, height],
  );
  const exportDataUrl = useCallback(
    (selection: CanvasImageSource | null = null) => renderMaskCanvas(edits, sources, width, height, selection).toDataURL('image/png'),
    [edits, sources, width, height],
  );

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const chord = historyChord(event);
    if (!chord) return;
    const target = event.target as HTMLElement | null;
    // Text fields keep their own undo.
    if (target && (target.tagName === 'TEXTAREA' || (target.tagName === 'INPUT' && (target as HTMLInputElement).type === 'text'))) return;
    event.preventDefault();
    if (chord === 'undo') doUndo();
    else doRedo();
  });
  useEffect(() => {
    if (!shortcuts) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [shortcuts]);

  return {
    edits,
    sources,
    empty: isMaskEmpty(history),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    addStroke,
    addTap,
    dropEdit,
    addMaskFromUrl,
    clear,
    undo: doUndo,
    redo: doRedo,
    reset,
    exportPng,
    exportDataUrl,
  };
}
