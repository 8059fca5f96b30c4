/**
 * Runs `textExtract` or `sealExtract` through the task flow (useImageTask: upload, submit, poll,
 * download) and reads the downloaded JSON into the shared result type (engine/spec/extraction.ts).
 */
import { useEffect, useState } from 'react';
import { parseExtractionResult, type SealExtractResult, type TextExtractResult } from '../../../../engine/spec/extraction';
import { useImageTask, type ImageTaskView } from '../../../tools/useImageTask';

export type ExtractMode = 'text' | 'seal';

export interface ExtractionView {
  task: ImageTaskView;
  text: TextExtractResult | null;
  seal: SealExtractResult | null;
  /** The result file could not be read (a server or proxy answered something else). */
  unreadable: boolean;
}

export function useExtraction(mode: ExtractMode): ExtractionView {
  const task = useImageTask(mode === 'text' ? 'textExtract' : 'sealExtract', { dataResult: true });
  const [parsed, setParsed] = useState<{ text: TextExtractResult | null; seal: SealExtractResult | null; unreadable: boolean }>({
    text: null,
    seal: null,
    unreadable: false,
  });
  const blob = task.resultBlob;
  useEffect(() => {
    if (!blob) {
      setParsed({ text: null, seal: null, unreadable: false });
      return;
    }
    let live = true;
    void blob.text().then((body) => {
      if (!live) return;
      const result = parseExtractionResult(body);
      setParsed({
        text: result?.kind === 'textExtract' ? result : null,
        seal: result?.kind === 'sealExtract' ? result : null,
        unreadable: !result,
      });
    });
    return () => {
      live = false;
    };
  }, [blob]);
  return { task, ...parsed };
}

/** Copies text to the system clipboard; false when the browser refuses (no permission, insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
