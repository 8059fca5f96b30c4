/**
 * One in-editor AI step (SPEC §2 edit flow) on the selected photo layer: its picture goes through
 * the task flow (useImageTask: upload, submit, poll, download, with the content checks), and the
 * result replaces the layer's picture as one undo step. Failures become a toast.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskType } from '../../../../engine/spec/taskTypes';
import { useToast } from '../../../components/ToastContext';
import { useImageTask } from '../../../tools/useImageTask';
import { useEditor } from '../../EditorContext';
import { applyResultToLayer, layerPictureFile, type ResultFit } from './layerPicture';

/** The step's last result in this editor session: what refine starts from. */
export interface LayerAiResult {
  layerId: string;
  /** The picture the step ran on, and its upload on the server (clicks of refine need it). */
  source: File;
  uploadedUrl: string | null;
  result: Blob;
  /** The layer's picture uri once the result was put in: the result is still on the layer while they match. */
  uri: string;
  /** The result was corrected by the user (refine) since the step ran. */
  refined: boolean;
}

export interface LayerAiStep {
  busy: boolean;
  /** 0..100 while busy. */
  percent: number;
  last: LayerAiResult | null;
  run(layerId: string, params?: Record<string, unknown>, fit?: ResultFit): void;
  /** Puts a corrected result (a refined cut-out) into the layer of the last result, as one undo step. */
  replaceLast(result: Blob): Promise<void>;
}

/** @param step the slug that names results ("remove-background", "enhanced"…) */
export function useLayerAiStep(taskType: TaskType, step: string): LayerAiStep {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = useEditor();
  const task = useImageTask(taskType);
  const running = useRef<{ layerId: string; file: File; fit: ResultFit } | null>(null);
  const [last, setLast] = useState<LayerAiResult | null>(null);

  useEffect(() => {
    const job = running.current;
    if (!job) return;
    if (task.phase === 'done' && task.resultBlob) {
      running.current = null;
      const blob = task.resultBlob;
      const uploadedUrl = task.uploadedUrl;
      task.reset();
      applyResultToLayer(editor, job.layerId, job.file, blob, step, job.fit).then(
        (uri) => {
          setLast({ layerId: job.layerId, source: job.file, uploadedUrl, result: blob, uri, refined: false });
        },
        (error: unknown) => {
          console.error(error);
          toast.show(t('errors.unknown'), 'error');
        },
      );
    } else if (task.phase === 'failed') {
      running.current = null;
      toast.show(t(task.errorKey ?? 'errors.unknown'), 'error');
      task.reset();
    }
  }, [task, editor, step, toast, t]);

  const busy = running.current !== null || (task.phase !== 'idle' && task.phase !== 'done' && task.phase !== 'failed');
  return {
    busy,
    percent: Math.round(task.progress * 100),
    last,
    async replaceLast(result) {
      if (!last) return;
      const uri = await applyResultToLayer(editor, last.layerId, last.source, result, step);
      setLast({ ...last, result, uri, refined: true });
    },
    run(layerId, params = {}, fit = {}) {
      if (busy) return;
      layerPictureFile(editor, layerId).then(
        (file) => {
          running.current = { layerId, file, fit };
          task.start(file, params);
        },
        (error: unknown) => {
          console.error(error);
          toast.show(t('errors.unknown'), 'error');
        },
      );
    },
  };
}
