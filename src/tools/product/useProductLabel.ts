/**
 * The product label of the AI background step (SPEC §4): recognised again whenever the job key (the set of
 * non-text, non-sticker layers; on /ai-background the chosen photo) changes, through the task flow
 * (ZIP upload, `productIdentify` with `styleId`, poll, download). Only the latest job's answer is kept
 * (LatestJob), and a category the user picked wins over any recognition until the key changes.
 */
import { useEffect, useRef, useState } from 'react';
import { isProductCategory, OTHER_CATEGORY } from '../../../engine/products/categories';
import { LatestJob } from '../../../engine/products/recognitionJob';
import { parseExtractionResult } from '../../../engine/spec/extraction';
import { useImageTask } from '../useImageTask';
import { recognitionZip } from './recognitionZip';

export interface ProductLabelView {
  /** The category shown (recognised or picked). */
  categoryId: string;
  /** The detector's own word for what it saw (COCO-80), null before an answer or when nothing was found. */
  detected: string | null;
  recognising: boolean;
  /** True once the user picked a category themselves. */
  edited: boolean;
  setCategory(id: string): void;
}

/**
 * @param key the job key (null: nothing to recognise)
 * @param picture what to recognise for that key
 */
/** Answers already received, by job key: a view mounted again for the same layers shows them at once. */
const answered = new Map<string, { categoryId: string; detected: string | null }>();
const ANSWERS_KEPT = 32;

function remember(key: string, answer: { categoryId: string; detected: string | null }) {
  answered.delete(key);
  answered.set(key, answer);
  if (answered.size > ANSWERS_KEPT) answered.delete(answered.keys().next().value!);
}

export function useProductLabel(key: string | null, picture: () => Promise<Blob | null> | Blob | null): ProductLabelView {
  const task = useImageTask('productIdentify', { dataResult: true, fileType: 'zip' });
  const jobs = useRef(new LatestJob<string>());
  const running = useRef<string | null>(null);
  const [categoryId, setCategoryId] = useState(OTHER_CATEGORY);
  const [detected, setDetected] = useState<string | null>(null);
  const [edited, setEdited] = useState(false);
  const pictureRef = useRef(picture);
  pictureRef.current = picture;
  const startTask = task.start;

  useEffect(() => {
    if (key === null || !jobs.current.start(key)) return;
    setEdited(false);
    const known = answered.get(key);
    if (known) {
      jobs.current.finish(key, known.categoryId);
      setCategoryId(known.categoryId);
      setDetected(known.detected);
      return;
    }
    setDetected(null);
    void Promise.resolve(pictureRef.current())
      .then((blob) => (blob ? recognitionZip(blob) : null))
      .then(
        (zip) => {
          if (!zip) return;
          if (jobs.current.key !== key) return; // a newer set of layers arrived while zipping
          running.current = key;
          startTask(zip, { styleId: OTHER_CATEGORY });
        },
        (error: unknown) => console.error(error),
      );
  }, [key, startTask]);

  const blob = task.resultBlob;
  useEffect(() => {
    const jobKey = running.current;
    if (!blob || jobKey === null) return;
    void blob.text().then((body) => {
      const result = parseExtractionResult(body);
      if (result?.kind !== 'productIdentify' || !jobs.current.finish(jobKey, result.categoryId)) return;
      remember(jobKey, { categoryId: result.categoryId, detected: result.label });
      setDetected(result.label);
      setEdited((wasEdited) => {
        if (!wasEdited && isProductCategory(result.categoryId)) setCategoryId(result.categoryId);
        return wasEdited;
      });
    });
  }, [blob]);

  const recognising = task.phase === 'uploading' || task.phase === 'processing' || task.phase === 'downloading';
  return {
    categoryId,
    detected,
    recognising,
    edited,
    setCategory(id) {
      if (!isProductCategory(id)) return;
      setCategoryId(id);
      setEdited(true);
    },
  };
}
