/**
 * The new frame drawn to scale with the photo inside it: drag the photo (mouse, pen, touch) or move it with the arrow
 * keys to choose where the free space goes. The empty border shows the transparency checkerboard.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dragTo, nudge, photoBox, type Position, type Size } from './frameGeometry';

interface Props {
  photoUrl: string;
  photo: Size;
  frame: Size;
  position: Position;
  onChange(next: Position): void;
  disabled?: boolean;
}

/** Largest preview, CSS px: the frame is scaled to fit inside this box. */
const PREVIEW_MAX = { width: 560, height: 420 };

export function FramePlacer({ photoUrl, photo, frame, position, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; start: Position } | null>(null);
  const place = photoBox(frame, photo, position);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, start: position };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (!drag.current || !rect) return;
    const { x, y, start } = drag.current;
    onChange(dragTo(start, event.clientX - x, event.clientY - y, { width: rect.width, height: rect.height }, frame, photo));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const next = nudge(position, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    <div
      ref={box}
      className={`frame-placer checkerboard${disabled ? ' is-disabled' : ''}`}
      style={{
        aspectRatio: `${frame.width} / ${frame.height}`,
        width: `min(100%, ${PREVIEW_MAX.width}px, ${((PREVIEW_MAX.height * frame.width) / frame.height).toFixed(1)}px)`,
      }}
      data-testid="extender.frame"
    >
      <div
        className="frame-placer__photo"
        style={{ left: `${place.left}%`, top: `${place.top}%`, width: `${place.width}%`, height: `${place.height}%` }}
        tabIndex={disabled ? -1 : 0}
        role="group"
        aria-roledescription={t('extender.photoRole')}
        aria-label={t('extender.placeLabel')}
        aria-disabled={disabled}
        data-testid="extender.photo"
        data-x={position.x.toFixed(3)}
        data-y={position.y.toFixed(3)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
        onKeyDown={onKeyDown}
      >
        <img src={photoUrl} alt={t('bgRemover.sourceAlt')} draggable={false} />
      </div>
    </div>
  );
}
