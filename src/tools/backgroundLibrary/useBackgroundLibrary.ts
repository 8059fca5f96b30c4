/** Loads the background library catalogue (`GET /api/backgrounds`) once per page session. */
import { useCallback, useEffect, useState } from 'react';
import { ResultCode } from '../../../engine/spec/errors';
import { getJson } from '../../api/http';

export interface LibraryItem {
  id: string;
  category: string;
  nameKey: string;
  thumbUrl: string;
}

export interface LibraryCatalogue {
  categories: string[];
  backgrounds: LibraryItem[];
  scenes: string[];
}

export type LibraryState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; catalogue: LibraryCatalogue };

/** The catalogue from the server; rejects on a network error or a non-success envelope. */
export async function fetchLibrary(signal?: AbortSignal): Promise<LibraryCatalogue> {
  const envelope = await getJson<{ resultCode: number; data: LibraryCatalogue | null }>('/api/backgrounds', signal);
  if (envelope.resultCode !== ResultCode.SUCCESS || !envelope.data) throw new Error(`background library: ${envelope.resultCode}`);
  return envelope.data;
}

// One request per page load: the catalogue never changes while the server runs.
let shared: Promise<LibraryCatalogue> | null = null;

/** The catalogue, with a retry for when loading failed. */
export function useBackgroundLibrary(): { state: LibraryState; retry(): void } {
  const [state, setState] = useState<LibraryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry counter: a new value fetches again
  useEffect(() => {
    let live = true;
    shared ??= fetchLibrary();
    shared.then(
      (catalogue) => {
        if (live) setState({ status: 'ready', catalogue });
      },
      () => {
        shared = null;
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
