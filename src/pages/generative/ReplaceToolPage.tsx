/**
 * The three AI replace tools (SPEC §2): clothes changer (a person's photo, and the garment as a picture or a
 * description), virtual try-on of a product (a model or scene photo, and the product picture), background
 * replacer (a photo, and the new scene described or shown). The second picture is uploaded (after its picture
 * review) and passed by URL; the description goes through the prompt check and the task flow's text review and
 * translation. One run makes one image; its price is shown before it starts.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskType } from '../../../engine/spec/taskTypes';
import { useToast } from '../../components/ToastContext';
import { ReferenceUploadError, uploadReference } from '../../tools/uploadReference';
import { CreditNote } from './CreditNote';
import { GenerationNotice } from './GenerationNotice';
import { GenOutcome } from './GenOutcome';
import { ImageInput } from './ImageInput';
import { PromptBox } from './PromptBox';
import { useGenerationAvailability } from './useGenerationAvailability';
import { useGenerationRun } from './useGenerationRun';
import '../aiImageGenerator.css';

export type ReplaceVariant = 'clothes' | 'product' | 'background';

interface VariantSpec {
  taskType: TaskType;
  pageId: string;
  /** The submit param that carries the second picture's URL. */
  referenceParam: string;
  /** The second picture may be left out when a description is given. */
  promptOrReference: boolean;
  tool: string;
}

const VARIANTS: Record<ReplaceVariant, VariantSpec> = {
  clothes: { taskType: 'aiReplaceClothes', pageId: 'aiClothesChanger', referenceParam: 'clothesUrl', promptOrReference: true, tool: 'new-outfit' },
  product: { taskType: 'aiReplaceProduct', pageId: 'aiVirtualTryOn', referenceParam: 'productUrl', promptOrReference: false, tool: 'try-on' },
  background: { taskType: 'aiReplaceBg', pageId: 'backgroundReplacer', referenceParam: 'bgUrl', promptOrReference: true, tool: 'new-background' },
};

export function ReplaceToolPage({ variant }: { variant: ReplaceVariant }) {
  const { t } = useTranslation();
  const toast = useToast();
  const spec = VARIANTS[variant];
  const availability = useGenerationAvailability(spec.taskType);
  const gen = useGenerationRun(spec.taskType);
  const [photo, setPhoto] = useState<File | null>(null);
  const [reference, setReference] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const { task } = gen;
  const busy = task.busy || uploading;
  const hasInput = photo !== null && (reference !== null || (spec.promptOrReference && gen.prompt.trim() !== ''));

  const go = async (prompt: string, asWritten: boolean, sentAs: Parameters<typeof gen.run>[2]) => {
    if (!photo) return;
    const params: Record<string, unknown> = {};
    if (reference) {
      setUploading(true);
      try {
        params[spec.referenceParam] = await uploadReference(reference, spec.taskType);
      } catch (err) {
        toast.show(t(err instanceof ReferenceUploadError ? err.key : 'errors.unknown'), 'error');
        return;
      } finally {
        setUploading(false);
      }
    }
    gen.run(prompt, asWritten, sentAs, { file: photo, params, choices: false });
  };

  return (
    <div className="container tool-page gen-page gen-replace" data-testid={`page.${spec.pageId}`}>
      <header className="page-header center">
        <h1 className="page-title">{t(`tools.${spec.pageId}.title`)}</h1>
        <p className="lead">{t(`tools.${spec.pageId}.description`)}</p>
      </header>
      {availability === 'notConfigured' && task.stage === 'idle' && <GenerationNotice />}
      <PromptBox
        label={t(`genai.replace.${variant}.promptLabel`)}
        placeholder={t(`genai.replace.${variant}.promptPlaceholder`)}
        value={gen.prompt}
        onChange={gen.setPrompt}
        optional
        canSubmit={!busy && hasInput}
        submitLabel={t(`genai.replace.${variant}.submit`)}
        onGo={(prompt, asWritten, sentAs) => void go(prompt, asWritten, sentAs)}
        actions={task.busy && <button type="button" className="button button--secondary" onClick={task.cancel}>{t('generate.cancel')}</button>}
      >
        <div className="gen-replace__pictures">
          <ImageInput id="photo" label={t(`genai.replace.${variant}.photo`)} file={photo} onFile={setPhoto} disabled={busy} />
          <ImageInput id="reference" label={t(`genai.replace.${variant}.reference`)} hint={t(`genai.replace.${variant}.referenceHint`)}
            file={reference} onFile={setReference} disabled={busy} />
        </div>
        {uploading && <p className="gen-outcome__stage" role="status">{t('genai.stage.upload')}</p>}
        <CreditNote taskType={spec.taskType} />
      </PromptBox>
      <GenOutcome task={task} sentAs={gen.sentAs} original={photo?.name ?? spec.tool} tool={spec.tool} emptyText={t('genai.replace.empty')} />
    </div>
  );
}
