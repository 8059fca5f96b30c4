/**
 * The three AI replace tools (SPEC §2): clothes changer (a person's photo and the new outfit described), virtual
 * try-on of a product (a model or scene photo and the product or garment picture, a description optional),
 * background replacer (a photo and the new scene described). The workflows find the clothes, the person or the
 * background themselves. The product picture is uploaded (after its picture review) and passed by URL
 * (`productUrl`); the description goes through the prompt check and the task flow's text review and translation.
 * One run makes one image; its price is shown before it starts.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskType } from '../../../engine/spec/taskTypes';
import { LocalLink } from '../../components/LocalLink';
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
  /** The submit param that carries the second picture's URL (required when present); null: the photo alone. */
  referenceParam: string | null;
  /** A description is required (otherwise the workflow has a default). */
  promptRequired: boolean;
  tool: string;
}

const VARIANTS: Record<ReplaceVariant, VariantSpec> = {
  clothes: { taskType: 'aiReplaceClothes', pageId: 'aiClothesChanger', referenceParam: null, promptRequired: true, tool: 'new-outfit' },
  product: { taskType: 'aiReplaceProduct', pageId: 'aiVirtualTryOn', referenceParam: 'productUrl', promptRequired: false, tool: 'try-on' },
  background: { taskType: 'aiReplaceBg', pageId: 'backgroundReplacer', referenceParam: null, promptRequired: true, tool: 'new-background' },
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
  const hasInput = photo !== null && (spec.referenceParam === null || reference !== null) && (!spec.promptRequired || gen.prompt.trim() !== '');

  const go = async (prompt: string, asWritten: boolean, sentAs: Parameters<typeof gen.run>[2]) => {
    if (!photo) return;
    const params: Record<string, unknown> = {};
    if (spec.referenceParam && reference) {
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
        optional={!spec.promptRequired}
        unavailable={availability === 'notConfigured'}
        canSubmit={!busy && hasInput}
        submitLabel={t(`genai.replace.${variant}.submit`)}
        onGo={(prompt, asWritten, sentAs) => void go(prompt, asWritten, sentAs)}
        actions={
          task.busy && (
            <button type="button" className="button button--secondary" onClick={task.cancel}>
              {t('generate.cancel')}
            </button>
          )
        }
      >
        <div className="gen-replace__pictures">
          <ImageInput id="photo" label={t(`genai.replace.${variant}.photo`)} file={photo} onFile={setPhoto} disabled={busy} />
          {spec.referenceParam && (
            <ImageInput
              id="reference"
              label={t('genai.replace.product.reference')}
              hint={t('genai.replace.product.referenceHint')}
              file={reference}
              onFile={setReference}
              disabled={busy}
            />
          )}
        </div>
        {variant === 'clothes' && (
          <p className="muted small">
            <LocalLink to="/ai-replace/ai-virtual-try-on-product" className="text-link">
              {t('genai.replace.clothes.tryOnHint')}
            </LocalLink>
          </p>
        )}
        {uploading && (
          <p className="gen-outcome__stage" role="status">
            {t('genai.stage.upload')}
          </p>
        )}
        <CreditNote taskType={spec.taskType} />
      </PromptBox>
      <GenOutcome task={task} sentAs={gen.sentAs} original={photo?.name ?? spec.tool} tool={spec.tool} emptyText={t('genai.replace.empty')} />
    </div>
  );
}
