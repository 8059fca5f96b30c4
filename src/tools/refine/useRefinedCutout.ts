/**
 * The page side of refine: whether the panel is open, and the refined cut-out (blob and object URL) that
 * replaces the model's result for the before/after view, the downloads and "Open in editor". A new result
 * (another photo) drops the refinement.
 */
import { useCallback, useEffect, useState } from 'react';

export interface RefinedCutout {
  editing: boolean;
  /** The refined PNG, null until the user applied a refinement. */
  blob: Blob | null;
  url: string | null;
  open(): void;
  close(): void;
  apply(blob: Blob): void;
}

export function useRefinedCutout(resultBlob: Blob | null): RefinedCutout {
  const [editing, setEditing] = useState(false);
  const [refined, setRefined] = useState<{ for: Blob; blob: Blob; url: string } | null>(null);

  useEffect(
    () => () => {
      if (refined) URL.revokeObjectURL(refined.url);
    },
    [refined],
  );
  const current = refined && refined.for === resultBlob ? refined : null;
  useEffect(() => {
    if (!resultBlob) setEditing(false);
  }, [resultBlob]);

  const apply = useCallback(
    (blob: Blob) => {
      if (!resultBlob) return;
      setRefined({ for: resultBlob, blob, url: URL.createObjectURL(blob) });
      setEditing(false);
    },
    [resultBlob],
  );

  return {
    editing: editing && resultBlob !== null,
    blob: current?.blob ?? null,
    url: current?.url ?? null,
    open: useCallback(() => setEditing(true), []),
    close: useCallback(() => setEditing(false), []),
    apply,
  };
}
