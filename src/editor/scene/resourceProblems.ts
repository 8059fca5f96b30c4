/**
 * Fonts and images that fail to load are drawn with a fallback (system font, placeholder), and the
 * user is told once per resource: the scene reports here, the editor shell shows a toast.
 */
export type ResourceProblem = { kind: 'font' | 'image'; name: string };

const EVENT = 'lumacut:resource-problem';
const reported = new Set<string>();

/** Reports a failed font or image once per page session. */
export function reportResourceProblem(problem: ResourceProblem): void {
  const key = `${problem.kind}:${problem.name}`;
  if (reported.has(key) || typeof window === 'undefined') return;
  reported.add(key);
  window.dispatchEvent(new CustomEvent<ResourceProblem>(EVENT, { detail: problem }));
}

/** Calls `listener` for every reported problem; returns the unsubscribe function. */
export function onResourceProblem(listener: (problem: ResourceProblem) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ResourceProblem>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
