/**
 * What every single-image tool page does with its task's outcome: one error toast per failure (with
 * the message the page also shows), and "Open in editor" for the result.
 */
import { useEffect, useEffectEvent } from 'react';
import { ResultCode } from '../../engine/spec/errors';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLocalize } from '../hooks/useLang';
import { useToast } from '../components/ToastContext';
import { createPhotoProject } from './cutoutProject';
import { safeFileStem } from './downloadName';
import { LIMIT_PARAMS } from './checkImageFile';
import type { ImageTaskPhase } from './useImageTask';

/**
 * The failure's message (errors.unknown when there is no text for its key); toasts it once per failure, unless
 * `options.toast` is false (the page shows the message itself). 1010103 is never toasted: the credits dialog
 * (or the price page) that the account provider opens is its one message.
 */
export function useTaskErrorToast(
  task: { phase: ImageTaskPhase; errorKey: string | null; errorCode?: number | null },
  options: { toast?: boolean } = {},
): string {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorMessage = t(task.errorKey && i18n.exists(task.errorKey) ? task.errorKey : 'errors.unknown', LIMIT_PARAMS);
  const wantToast = options.toast !== false && task.errorCode !== ResultCode.CREDITS_NOT_ENOUGH;
  const announceFailure = useEffectEvent(() => {
    if (wantToast) toast.show(errorMessage, 'error');
  });
  // One toast per failure (not again when only the language changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure: a new phase or error code, not a new language
  useEffect(() => {
    if (task.phase === 'failed') announceFailure();
  }, [task.phase, task.errorKey]);
  return errorMessage;
}

/**
 * "Open in editor": stores the result as a project (a design project by default; the background remover
 * passes createCutoutProject) and opens it; a failure is a toast, the result stays on the page.
 */
export function useOpenInEditor(projectName: string, createProject: (result: Blob, name: string) => Promise<string> = createPhotoProject) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  // Named after the photo and the tool ("coffee – Background remover"), so cards in My projects tell apart.
  return async (result: Blob | null, sourceName?: string | null) => {
    if (!result) return;
    try {
      const stem = safeFileStem((sourceName ?? '').replace(/\.[a-z0-9]{1,5}$/i, ''));
      const pid = await createProject(result, stem ? `${stem} – ${projectName}` : projectName);
      navigate(localize(`/create/edit?pid=${pid}`));
    } catch {
      toast.show(t('errors.unknown'), 'error');
    }
  };
}
