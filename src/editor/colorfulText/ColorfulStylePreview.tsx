/**
 * A live preview of one colourful text style: drawn into a canvas once it scrolls into view and its
 * fonts and stickers have loaded. `data-preview` says idle / ready / failed (tests wait on it).
 */
import { useEffect, useRef, useState } from 'react';
import type { ColorfulTextMaterial } from '../../../engine/doc/types';
import { loadColorfulAssets } from './colorfulAssets';
import { renderColorfulText } from './renderColorfulText';

type PreviewState = 'idle' | 'ready' | 'failed';

export function ColorfulStylePreview({ style, text, width }: { style: ColorfulTextMaterial; text: string; width: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [state, setState] = useState<PreviewState>('idle');

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return undefined;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    io.observe(canvas);
    return () => io.disconnect();
  }, []);

  useEffect(() => {
    const canvas = ref.current;
    if (!visible || !canvas) return undefined;
    let cancelled = false;
    loadColorfulAssets(style, text)
      .then((assets) => {
        const ctx = canvas.getContext('2d');
        if (cancelled || !ctx) return;
        const dpr = Math.min(2, window.devicePixelRatio || 1);
        const scale = (width * dpr) / style.width;
        canvas.width = Math.ceil(style.width * scale);
        canvas.height = Math.ceil(style.height * scale);
        ctx.clearRect(0, 0, canvas.width, canvas.height);
        renderColorfulText(ctx, style, text, { scale, ...assets });
        setState('ready');
      })
      .catch((error: unknown) => {
        console.error(`colourful text preview ${style.colorfulId} failed`, error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [visible, style, text, width]);

  return (
    <canvas ref={ref} className="colorful-panel__canvas" style={{ aspectRatio: `${style.width} / ${style.height}` }} aria-hidden="true" data-preview={state} />
  );
}
