/**
 * The shell's "add" actions bound to the open editor, with failures turned into toasts.
 * Several files at once are added in order, each its own layer and undo step.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ToastContext';
import { useEditor } from '../../EditorContext';
import { ImageFileError } from './readImageFile';
import { addImageFile, addSticker, replaceImageFile, setBackgroundFile, type ScreenPoint } from './addContent';

export interface ContentActions {
  addImages(files: File[], point?: ScreenPoint): Promise<void>;
  replaceImage(layerId: string, file: File): Promise<void>;
  setBackgroundImage(file: File): Promise<void>;
  addSticker(resId: string, point?: ScreenPoint): Promise<void>;
}

export function useContentActions(): ContentActions {
  const editor = useEditor();
  const toast = useToast();
  const { t } = useTranslation();

  return useMemo(() => {
    const report = (error: unknown) => {
      if (error instanceof ImageFileError) toast.show(t(error.key, error.params), 'error');
      else {
        console.error(error);
        toast.show(t('errors.unknown'), 'error');
      }
    };
    const guard = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (error) {
        report(error);
      }
    };
    return {
      async addImages(files, point) {
        for (const file of files) await guard(() => addImageFile(editor, file, point));
      },
      replaceImage: (layerId, file) => guard(() => replaceImageFile(editor, layerId, file)),
      setBackgroundImage: (file) => guard(() => setBackgroundFile(editor, file)),
      addSticker: (resId, point) => guard(() => addSticker(editor, resId, point)),
    };
  }, [editor, toast, t]);
}
