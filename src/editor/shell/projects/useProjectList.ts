/** The device's projects of one type, with loading/error state and local updates after rename or delete. */
import { useCallback, useEffect, useState } from 'react';
import type { ProjectType } from '../../../../engine/doc/types';
import { listProjects, type ProjectListItem } from '../../../api/projectsApi';

export type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: ProjectListItem[] };

export function useProjectList(type: ProjectType) {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry counter: a new value lists again
  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'loading' });
    listProjects(type, { signal: abort.signal }).then(
      (items) => !abort.signal.aborted && setState({ status: 'ready', items }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('listing projects failed', error);
        setState({ status: 'error' });
      },
    );
    return () => abort.abort();
  }, [type, attempt]);

  const patch = useCallback((pid: string, change: Partial<ProjectListItem> | null) => {
    setState((current) => {
      if (current.status !== 'ready') return current;
      const items =
        change === null
          ? current.items.filter((item) => item.projectId !== pid)
          : current.items.map((item) => (item.projectId === pid ? { ...item, ...change } : item));
      return { status: 'ready', items };
    });
  }, []);

  return { state, reload: () => setAttempt((n) => n + 1), patch };
}
