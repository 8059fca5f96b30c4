/**
 * The ID photo maker's result, paid once and then free (issue 29, "What to build" 1): a photo is first
 * tried as a free re-render (it may have been analysed before); only when the server has no analysis of it
 * does the paid `idphoto` task run. Every later change of country, colour or output is a free re-render
 * of that analysis. A refusal of one template (sunglasses on a passport, too little body) shows its
 * problem without a charge, and another template can still be tried for free.
 */
import { useEffect, useRef, useState } from 'react';
import type { IdPhotoAdvice, IdPhotoProblem } from '../../../../engine/idphoto/checks';
import { DEFAULT_ADJUST, type IdPhotoAdjust } from '../../../../engine/idphoto/layout';
import type { IdPhotoOutput } from '../../../../engine/idphoto/params';
import { useImageTask, type ImageTaskView } from '../../../tools/useImageTask';
import { photoHashOf, portraitAdvice, renderFree } from './idPhotoApi';

export interface IdPhotoSettings {
  templateId: string;
  bgColor: string;
  output: IdPhotoOutput;
}

export interface IdPhotoResultView {
  task: ImageTaskView;
  /** The result on screen (free render or the paid task's), its object URL and what it was made with. */
  blob: Blob | null;
  url: string | null;
  madeWith: IdPhotoSettings | null;
  advice: IdPhotoAdvice[];
  /** The head had to be made larger (or moved) to keep the frame on the photo. */
  moved: boolean;
  /** A free re-render in flight. */
  rendering: boolean;
  /** The template refused this photo (free answer); null when it did not. */
  refused: IdPhotoProblem | null;
  /** Free re-renders made since the photo was picked (the page and its tests read it). */
  freeRenders: number;
  start(file: File, settings: IdPhotoSettings): void;
  reset(): void;
}

const same = (a: IdPhotoSettings | null, b: IdPhotoSettings) => !!a && a.templateId === b.templateId && a.bgColor === b.bgColor && a.output === b.output;

export function useIdPhotoResult(settings: IdPhotoSettings): IdPhotoResultView {
  const task = useImageTask('idphoto');
  const [file, setFile] = useState<File | null>(null);
  const [hash, setHash] = useState<string | null>(null);
  const [free, setFree] = useState<{ blob: Blob; made: IdPhotoSettings; moved: boolean } | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [advice, setAdvice] = useState<IdPhotoAdvice[]>([]);
  const [rendering, setRendering] = useState(false);
  const [refused, setRefused] = useState<IdPhotoProblem | null>(null);
  const [freeRenders, setFreeRenders] = useState(0);
  const paidWith = useRef<IdPhotoSettings | null>(null);
  const wanted = useRef<IdPhotoSettings | null>(null);
  const generation = useRef(0);

  const paid = (photo: File, s: IdPhotoSettings) => {
    paidWith.current = s;
    setFree(null);
    setRefused(null);
    task.start(photo, { templateId: s.templateId, bgColor: s.bgColor, output: s.output, adjust: DEFAULT_ADJUST });
  };

  /** Free first; the paid task only when the server has no analysis of this photo. */
  const render = async (photo: File, photoHash: string, s: IdPhotoSettings, adjust: IdPhotoAdjust = DEFAULT_ADJUST) => {
    const mine = ++generation.current;
    wanted.current = s;
    setRendering(true);
    try {
      const answer = await renderFree(photoHash, { ...s, adjust });
      if (mine !== generation.current) return;
      if (answer.ok) {
        setFree({ blob: answer.blob, made: s, moved: answer.moved });
        setAdvice(answer.advice);
        setRefused(null);
        setFreeRenders((n) => n + 1);
      } else if (answer.problem === 'analysisGone') {
        paid(photo, s);
      } else {
        setFree(null);
        setRefused(answer.problem);
        if (!answer.problem) paid(photo, s); // an unexpected answer: the task path reports it properly
      }
    } catch {
      if (mine === generation.current) paid(photo, s);
    } finally {
      if (mine === generation.current) setRendering(false);
    }
  };

  const start = (photo: File, s: IdPhotoSettings) => {
    setFile(photo);
    setHash(null);
    setAdvice([]);
    setFree(null);
    setRefused(null);
    setFreeRenders(0);
    setRendering(true);
    paidWith.current = null;
    task.reset();
    void photoHashOf(photo).then((h) => {
      setHash(h);
      void render(photo, h, s);
    });
  };

  // Another country, colour or output once the photo is analysed: a free re-render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the three settings that change the picture (a new settings object with the same values must not re-render); render reads the latest state
  useEffect(() => {
    if (!file || !hash || same(wanted.current, settings)) return;
    if (task.phase === 'uploading' || task.phase === 'processing' || task.phase === 'downloading') return;
    void render(file, hash, settings);
  }, [file, hash, settings.templateId, settings.bgColor, settings.output, task.phase]);

  // The paid task's result: read the advice its analysis stored.
  useEffect(() => {
    if (task.phase !== 'done' || !hash) return;
    const abort = new AbortController();
    void portraitAdvice(hash, abort.signal).then(
      (a) => {
        if (a) setAdvice(a);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [task.phase, hash]);

  const blob = free?.blob ?? (task.phase === 'done' ? task.resultBlob : null);
  useEffect(() => {
    const next = blob ? URL.createObjectURL(blob) : null;
    setUrl(next);
    return () => {
      if (next) URL.revokeObjectURL(next);
    };
  }, [blob]);

  const reset = () => {
    generation.current++;
    task.reset();
    setFile(null);
    setHash(null);
    setFree(null);
    setAdvice([]);
    setRefused(null);
    setRendering(false);
    wanted.current = null;
    paidWith.current = null;
  };

  return {
    task,
    blob,
    url,
    madeWith: free?.made ?? (blob ? paidWith.current : null),
    advice,
    moved: free?.moved ?? false,
    rendering,
    refused,
    freeRenders,
    start,
    reset,
  };
}
