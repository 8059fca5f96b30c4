/**
 * Loads the fonts a text needs and re-renders when they are there. Canvas text drawn before a
 * FontFace has loaded silently uses a fallback font, and Konva measures text only when its
 * attributes change, so callers key their text node on the returned version to re-lay it out.
 */
import { useEffect, useState } from 'react';
import { ensureFontsFor } from '../../../fonts/fontLoader';
import { reportResourceProblem } from '../resourceProblems';

export interface FontRequest {
  fontName: string;
  text: string;
}

/** Increments each time a requested font set finishes loading (or fails: the fallback is final). */
export function useFontsReady(requests: readonly FontRequest[]): number {
  const [version, setVersion] = useState(0);
  const key = requests.map((request) => `${request.fontName}\u0000${request.text}`).join('\u0001');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the requests' text: a new array of the same requests must not load them again
  useEffect(() => {
    let alive = true;
    const loads = requests.map((request) =>
      ensureFontsFor(request.text, request.fontName).catch(() => reportResourceProblem({ kind: 'font', name: request.fontName })),
    );
    void Promise.all(loads).then(() => {
      if (alive) setVersion((v) => v + 1);
    });
    return () => {
      alive = false;
    };
    // `key` stands for `requests` (a new array each render).
  }, [key]);
  return version;
}
