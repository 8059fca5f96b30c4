/**
 * The in-editor AI background step (SPEC §2 edit flow "AI background", issue 19): the selected photo is cut out
 * (`removebg`), then the cut-out and a scene description go through the task flow as the `aibg` task (CustomPrompt
 * source): text review and translation of the description, picture review and upload, the generation server,
 * result review. The product in
 * its new scene replaces the layer's picture as one undo step. Failures become a toast; 1000003 says that no
 * generation server is configured.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../../engine/spec/errors';
import { BackgroundSource, randomSeed } from '../../../../engine/spec/generativeParams';
import { useToast } from '../../../components/ToastContext';
import { errorKeyFor } from '../../../tools/errorKeys';
import { FlowError, runFlowOnce } from '../../../tools/runFlowOnce';
import { useGenerativeTask } from '../../../tools/useGenerativeTask';
import { useEditor } from '../../EditorContext';
import { applyResultToLayer, layerPictureFile } from './layerPicture';

export interface LayerAiBackground {
  busy: boolean;
  percent: number;
  run(layerId: string, description: string): void;
}

export function useLayerAiBackground(): LayerAiBackground {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = useEditor();
  const task = useGenerativeTask('aibg');
  const running = useRef<{ layerId: string; file: File } | null>(null);
  const [preparing, setPreparing] = useState(false);

  useEffect(() => {
    const job = running.current;
    if (!job) return;
    const result = task.results[0];
    if (task.stage === 'completed' && result) {
      running.current = null;
      applyResultToLayer(editor, job.layerId, job.file, result.blob, 'ai-background').catch((error: unknown) => {
        console.error(error);
        toast.show(t('errors.unknown'), 'error');
      });
    } else if (task.stage === 'failed') {
      running.current = null;
      toast.show(task.errorCode === ResultCode.SERVICE_UNAVAILABLE ? t('genai.editor.notConfigured') : t(task.errorKey ?? 'errors.unknown'), 'error');
    }
  }, [task, editor, toast, t]);

  return {
    busy: preparing || task.busy,
    percent: Math.round(task.progress * 100),
    run(layerId, description) {
      if (preparing || task.busy || !description.trim()) return;
      setPreparing(true);
      layerPictureFile(editor, layerId)
        .then(async (file) => {
          const cutOut = new File([await runFlowOnce('removebg', file)], 'cut-out.png', { type: 'image/png' });
          running.current = { layerId, file };
          task.start({
            prompt: description,
            file: cutOut,
            jobs: [{ source: BackgroundSource.CUSTOM_PROMPT, seed: randomSeed() }],
            promptParam: 'customPrompt',
          });
        })
        .catch((error: unknown) => {
          console.error(error);
          toast.show(t(error instanceof FlowError && error.error ? errorKeyFor(error.error) : 'errors.unknown'), 'error');
        })
        .finally(() => setPreparing(false));
    },
  };
}
