/** "600 × 600 px · 300 dpi · 67 kB" under a result, read from the file itself. */
import { useEffect, useState } from 'react';

export function ResultInfo({ blob, dpi }: { blob: Blob | null; dpi: number }) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  useEffect(() => {
    let live = true;
    setSize(null);
    if (blob)
      void createImageBitmap(blob).then(
        (b) => {
          if (live) setSize({ w: b.width, h: b.height });
          b.close();
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [blob]);
  if (!blob || !size) return null;
  return (
    <p className="idp-result__info" data-testid="idphoto.info" data-width={size.w} data-height={size.h} data-bytes={blob.size}>
      {/* Numbers and units only: the same in every language. */}
      {`${size.w} × ${size.h} px · ${dpi} dpi · ${Math.round(blob.size / 1000)} kB`}
    </p>
  );
}
