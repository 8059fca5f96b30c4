/**
 * The photo being edited: its object URL and natural size (the mask's size), and its server URL, uploaded
 * once on the first detect or preview and reused until the photo changes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskType } from '../../../../engine/spec/taskTypes';
import { uploadOne } from '../../../tools/eraser/eraserApi';

export interface Photo {
  file: File;
  url: string;
  width: number;
  height: number;
}

/** Decodes enough of an image to know its displayed size (EXIF orientation applied, as the server does). */
function measure(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('the image cannot be decoded'));
    img.src = url;
  });
}

export function usePhoto(func: TaskType) {
  const [photo, setPhotoState] = useState<Photo | null>(null);
  const uploaded = useRef<Promise<string> | null>(null);

  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );

  /** Loads a file as the photo; rejects when the browser cannot decode it. */
  const load = useCallback(async (file: File): Promise<Photo> => {
    const url = URL.createObjectURL(file);
    try {
      const size = await measure(url);
      const next = { file, url, ...size };
      uploaded.current = null;
      setPhotoState(next);
      return next;
    } catch (err) {
      URL.revokeObjectURL(url);
      throw err;
    }
  }, []);

  const clear = useCallback(() => {
    uploaded.current = null;
    setPhotoState(null);
  }, []);

  /** The photo's server URL, uploading it the first time. A failed upload is retried on the next call. */
  const serverUrl = useCallback((): Promise<string> => {
    if (!photo) return Promise.reject(new Error('no photo'));
    uploaded.current ??= uploadOne(photo.file, func, 'image').catch((err: unknown) => {
      uploaded.current = null;
      throw err;
    });
    return uploaded.current;
  }, [photo, func]);

  return { photo, load, clear, serverUrl };
}
