/**
 * A photo with a paintable mask over it: strokes in image pixels (so the mask matches the photo whatever the
 * zoom), shown as a translucent red overlay. The component is controlled: it draws `edits` and reports each
 * finished stroke through `onStroke`; undo/redo live in the caller's strokeHistory.
 * Pointer events cover mouse, pen and touch; `touch-action: none` keeps a finger stroke from scrolling.
 *
 * With the `tap` tool a press selects instead of painting: each tap (or long press) is reported through
 * `onTap`, the taps of `edits` are marked on the photo, and `selection` (their object selection, which the
 * caller fetches) is drawn into the mask like a stroke.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { drawEdits, drawStroke, tintMask, type MaskSources } from './maskRender';
import { extendStroke, tapsOf, type MaskEdit, type Point, type StrokeOp } from './strokeHistory';
import { useTapGesture } from './useTapGesture';
import './MaskBrushCanvas.css';

export interface MaskBrushCanvasProps {
  imageUrl: string;
  /** The photo's natural size (the mask's size). */
  width: number;
  height: number;
  edits: readonly MaskEdit[];
  sources: MaskSources;
  /** Brush diameter in image pixels. */
  brushSize: number;
  mode: StrokeOp['mode'];
  onStroke(stroke: StrokeOp): void;
  /** What a press does: paint a stroke (the default) or tap to select. */
  tool?: 'brush' | 'tap';
  /** A tap in image pixels, with the `tap` tool; `longPress` for a long press (or a right click). */
  onTap?(point: Point, longPress: boolean): void;
  /** The selection of the taps in `edits`: white where selected, transparent elsewhere, any size (scaled). */
  selection?: CanvasImageSource | null;
  /** Shown instead of the photo (e.g. a fill preview); the overlay is hidden meanwhile. */
  previewUrl?: string | null;
  disabled?: boolean;
  /** Overlay colour; CSS gives it 50 % opacity. */
  color?: string;
  alt: string;
}

export function MaskBrushCanvas(props: MaskBrushCanvasProps) {
  const { imageUrl, width, height, edits, sources, brushSize, mode, onStroke, previewUrl, disabled, color = '#ff0000', alt } = props;
  const { tool = 'brush', onTap, selection = null } = props;
  const display = useRef<HTMLCanvasElement>(null);
  const mask = useRef<HTMLCanvasElement | null>(null);
  const current = useRef<StrokeOp | null>(null);
  const frame = useRef(0);
  const [cursor, setCursor] = useState<{ x: number; y: number; d: number } | null>(null);

  const maskCtx = () => {
    if (!mask.current || mask.current.width !== width || mask.current.height !== height) {
      mask.current = document.createElement('canvas');
      mask.current.width = width;
      mask.current.height = height;
    }
    return mask.current.getContext('2d');
  };

  const show = () => {
    const ctx = display.current?.getContext('2d');
    if (ctx && mask.current) tintMask(ctx, mask.current, color, width, height);
  };

  // Redraw from the edit list whenever it changes (undo, redo, clear, a detected mask).
  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn whenever an input of the picture changes; the drawing helpers are made each render from the same values
  useEffect(() => {
    const ctx = maskCtx();
    if (!ctx) return;
    drawEdits(ctx, edits, sources, width, height, selection);
    show();
    // maskCtx and show read only refs and the props listed here.
  }, [edits, sources, width, height, color, selection]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const toImage = (event: PointerEvent<HTMLCanvasElement>): { point: Point; scale: number } => {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = box.width > 0 ? width / box.width : 1;
    return { point: [(event.clientX - box.left) * scale, (event.clientY - box.top) * scale], scale };
  };

  /** Draws the stroke in progress on top of the committed mask, at most once per frame. */
  const drawLive = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const ctx = maskCtx();
      if (!ctx || !current.current) return;
      drawEdits(ctx, edits, sources, width, height, selection);
      drawStroke(ctx, current.current);
      show();
    });
  };

  const tap = useTapGesture((point, longPress) => onTap?.(point, longPress));

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    if (tool === 'tap') {
      event.currentTarget.setPointerCapture(event.pointerId);
      tap.down(event, toImage(event).point);
      return;
    }
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const { point } = toImage(event);
    current.current = { kind: 'stroke', mode, size: brushSize, points: [point] };
    drawLive();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (tool === 'tap') return tap.move(event);
    const { point, scale } = toImage(event);
    const box = event.currentTarget.getBoundingClientRect();
    setCursor({ x: event.clientX - box.left, y: event.clientY - box.top, d: brushSize / scale });
    if (!current.current) return;
    const next = extendStroke(current.current, point);
    if (next !== current.current) {
      current.current = next;
      drawLive();
    }
  };

  const finish = () => {
    const stroke = current.current;
    current.current = null;
    if (stroke) onStroke(stroke);
  };

  const taps = tapsOf(edits);
  const markRadius = Math.max(width, height) / 90;

  return (
    <div className={`mask-brush mask-brush--${tool}${disabled ? ' is-disabled' : ''}`} data-testid="mask.brush">
      <img className="mask-brush__image" src={previewUrl ?? imageUrl} alt={alt} draggable={false} />
      <canvas
        ref={display}
        className={`mask-brush__overlay${previewUrl ? ' is-hidden' : ''}`}
        width={width}
        height={height}
        data-testid="mask.canvas"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => (tool === 'tap' ? tap.up(event) : finish())}
        onPointerCancel={() => (tool === 'tap' ? tap.cancel() : finish())}
        onPointerLeave={() => setCursor(null)}
        // A long press must not open the touch context menu, and a right click is a tap's "take away".
        onContextMenu={(event) => {
          if (tool === 'tap') event.preventDefault();
        }}
      />
      {taps.length > 0 && !previewUrl && (
        <svg className="mask-brush__marks" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
          {taps.map((t, i) => (
            <circle
              key={i}
              cx={t.x}
              cy={t.y}
              r={markRadius}
              vectorEffect="non-scaling-stroke"
              className={`mask-brush__mark mask-brush__mark--${t.include ? 'include' : 'exclude'}`}
            />
          ))}
        </svg>
      )}
      {cursor && !disabled && tool === 'brush' && (
        <span
          className={`mask-brush__cursor mask-brush__cursor--${mode}`}
          style={{ left: cursor.x, top: cursor.y, width: cursor.d, height: cursor.d }}
          aria-hidden="true"
        />
      )}
    </div>
  );
}
