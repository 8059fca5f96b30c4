/**
 * Refine on the re-composite pages, the background changers and the blur (issue 32 item 3): the user fixes the
 * cut-out, and every later option keeps the fix. "Refine" fetches the model's cut-out of the kept result's photo
 * as a free re-composite (a transparent changebg, `recompositeOf` the kept task), or reopens the user's last
 * refinement; "Done" uploads the refined cut-out, and the page re-runs with it as `cutoutUrl`, which changebg
 * composites and bgblur keeps sharp instead of the model's subject (server/src/backgrounds/refinedCutout.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECOMPOSITE_FIELD } from '../../../engine/spec/commerce';
import { useToast } from '../../components/ToastContext';
import { ReferenceUploadError, uploadReference } from '../uploadReference';
import { useImageTask } from '../useImageTask';
import type { KeptResult } from '../useRecompositeTask';

export type RecompositeRefinePhase = 'closed' | 'loading' | 'open' | 'saving';

/** The user's refined cut-out of one photo, uploaded. */
export interface RefinedCutoutOf {
  file: File;
  blob: Blob;
  fileUrl: string;
}

export interface RecompositeRefine {
  phase: RecompositeRefinePhase;
  /** The cut-out the panel starts from (the model's, or the user's last refinement). */
  cutout: Blob | null;
  /** The refinement in force for `photo`, if any. */
  refinedFor(photo: File | null): RefinedCutoutOf | null;
  open(): void;
  cancel(): void;
  apply(blob: Blob): void;
  forget(): void;
}

/**
 * @param kept the result on the page (its photo, upload and task)
 * @param rerun runs the page's task on `photo` again, with the refined cut-out now in force
 */
export function useRecompositeRefine(kept: KeptResult | null, rerun: (photo: File) => void): RecompositeRefine {
  const { t } = useTranslation();
  const toast = useToast();
  const cutoutTask = useImageTask('changebg');
  const [phase, setPhase] = useState<RecompositeRefinePhase>('closed');
  const [cutout, setCutout] = useState<Blob | null>(null);
  // A ref as well as state: the re-run right after "Done" must see the new refinement.
  const refined = useRef<RefinedCutoutOf | null>(null);
  const [, setVersion] = useState(0);

  useEffect(() => {
    if (phase !== 'loading') return;
    if (cutoutTask.phase === 'done' && cutoutTask.resultBlob) {
      setCutout(cutoutTask.resultBlob);
      setPhase('open');
    } else if (cutoutTask.phase === 'failed') {
      toast.show(t(cutoutTask.errorKey ?? 'errors.unknown'), 'error');
      setPhase('closed');
    }
  }, [phase, cutoutTask.phase, cutoutTask.resultBlob, cutoutTask.errorKey, toast, t]);

  // Another photo's result on the page (a drop or a paste while the panel was open): the panel closes, it was
  // about the other photo.
  const photo = kept?.file ?? null;
  const openedFor = useRef<File | null>(null);
  const cancelCutout = cutoutTask.cancel;
  useEffect(() => {
    if (openedFor.current === null || openedFor.current === photo) return;
    openedFor.current = null;
    cancelCutout();
    setCutout(null);
    setPhase('closed');
  }, [photo, cancelCutout]);

  const refinedFor = (photo: File | null) => (photo && refined.current?.file === photo ? refined.current : null);

  const open = () => {
    if (!kept || phase !== 'closed') return;
    openedFor.current = kept.file;
    const mine = refinedFor(kept.file);
    if (mine) {
      setCutout(mine.blob);
      setPhase('open');
      return;
    }
    setPhase('loading');
    cutoutTask.start(kept.file, { bgType: 'transparent', [RECOMPOSITE_FIELD]: kept.taskId }, { fileUrl: kept.fileUrl });
  };

  const apply = (blob: Blob) => {
    if (!kept) return;
    const photo = kept.file;
    setPhase('saving');
    uploadReference(new File([blob], 'refined-cutout.png', { type: 'image/png' }), 'changebg')
      .then((fileUrl) => {
        refined.current = { file: photo, blob, fileUrl };
        setVersion((v) => v + 1);
        setPhase('closed');
        rerun(photo);
      })
      .catch((err: unknown) => {
        toast.show(t(err instanceof ReferenceUploadError ? err.key : 'errors.unknown'), 'error');
        setPhase('open');
      });
  };

  const cancel = () => {
    if (phase === 'loading') cutoutTask.cancel();
    setPhase('closed');
  };

  const forget = () => {
    refined.current = null;
    setVersion((v) => v + 1);
    setCutout(null);
    setPhase('closed');
  };

  return { phase, cutout, refinedFor, open, cancel, apply, forget };
}
