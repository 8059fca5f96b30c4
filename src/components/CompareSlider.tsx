/**
 * Before/after comparison: the result sits on a transparency checkerboard and
 * the original is laid over it, clipped to the left of a draggable divider.
 * The divider is a `role="slider"`: drag it (mouse, pen, touch) or use the arrow keys.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** What the result shows, for screen readers (default: the background remover's wording). */
  resultAlt?: string;
  beforeUrl: string | null;
  afterUrl: string;
}

const KEY_STEP = 5;
const clamp = (value: number) => Math.min(100, Math.max(0, value));

export function CompareSlider({ beforeUrl, afterUrl, resultAlt }: Props) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(50);
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (box && box.width > 0) setPosition(clamp(((clientX - box.left) / box.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!beforeUrl || event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 2 : KEY_STEP;
    const next: Record<string, number> = {
      ArrowLeft: position - step,
      ArrowDown: position - step,
      ArrowRight: position + step,
      ArrowUp: position + step,
      Home: 0,
      End: 100,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    setPosition(clamp(next[event.key]));
  };

  return (
    <div
      ref={frame}
      className="compare checkerboard"
      onPointerDown={onPointerDown}
      onPointerMove={(event) => dragging.current && moveTo(event.clientX)}
      onPointerUp={() => {
        dragging.current = false;
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
    >
      <img className="compare__after" src={afterUrl} alt={resultAlt ?? t('bgRemover.resultAlt')} data-testid="result.image" draggable={false} />
      {beforeUrl && (
        <>
          <img
            className="compare__before"
            src={beforeUrl}
            alt={t('bgRemover.sourceAlt')}
            draggable={false}
            style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
          />
          <span className="compare__tag compare__tag--before" aria-hidden="true">
            {t('bgRemover.before')}
          </span>
          <span className="compare__tag compare__tag--after" aria-hidden="true">
            {t('bgRemover.after')}
          </span>
          <div
            className="compare__divider"
            style={{ left: `${position}%` }}
            role="slider"
            tabIndex={0}
            aria-label={t('bgRemover.compareLabel')}
            aria-orientation="horizontal"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(position)}
            data-testid="compare.slider"
            onKeyDown={onKeyDown}
          >
            <span className="compare__handle" aria-hidden="true" />
          </div>
        </>
      )}
    </div>
  );
}
