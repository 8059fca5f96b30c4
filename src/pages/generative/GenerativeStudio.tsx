/**
 * The workspace of the AI image generator and of image-to-image AI (SPEC §2 AI generation): a prompt checked
 * and translated before it runs, style presets, aspect ratio (text-to-image), number of images, seed, the
 * picture to start from (image-to-image, with how far the result may move from it), the price per image,
 * progress, and a gallery of results to download. Without a generation server the page says so up front.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_STRENGTH } from '../../../engine/spec/generativeParams';
import type { TaskType } from '../../../engine/spec/taskTypes';
import { CreditNote } from './CreditNote';
import { GenChoices } from './GenChoices';
import { GenerationNotice } from './GenerationNotice';
import { GenOutcome } from './GenOutcome';
import { ImageInput } from './ImageInput';
import { PromptBox } from './PromptBox';
import { useGenerationAvailability } from './useGenerationAvailability';
import { useGenerationRun } from './useGenerationRun';

export type StudioMode = 'textToImage' | 'imageToImage';

const TASK_OF: Record<StudioMode, TaskType> = { textToImage: 'aiGeneratePic', imageToImage: 'aiImageToImage' };

export function GenerativeStudio({ mode }: { mode: StudioMode }) {
  const { t } = useTranslation();
  const taskType = TASK_OF[mode];
  const availability = useGenerationAvailability(taskType);
  const gen = useGenerationRun(taskType);
  const [file, setFile] = useState<File | null>(null);
  const [strength, setStrength] = useState(DEFAULT_STRENGTH);
  const needsPicture = mode === 'imageToImage';
  const { task } = gen;

  return (
    <div className="gen-studio" data-testid={`gen.studio.${mode}`}>
      {availability === 'notConfigured' && task.stage === 'idle' && <GenerationNotice />}
      <div className="gen-studio__input">
        <PromptBox
          label={t(needsPicture ? 'genai.i2i.promptLabel' : 'generate.promptLabel')}
          placeholder={t(needsPicture ? 'genai.i2i.promptPlaceholder' : 'generate.promptPlaceholder')}
          value={gen.prompt}
          onChange={gen.setPrompt}
          unavailable={availability === 'notConfigured'}
          canSubmit={!task.busy && gen.choicesValid && (!needsPicture || file !== null)}
          submitLabel={t('generate.submit')}
          onGo={(prompt, asWritten, sentAs) => gen.run(prompt, asWritten, sentAs, needsPicture ? { file, params: { strength } } : {})}
          actions={
            task.busy && (
              <button type="button" className="button button--secondary" onClick={task.cancel}>
                {t('generate.cancel')}
              </button>
            )
          }
        >
          {needsPicture && (
            <div className="gen-studio__picture">
              <ImageInput id="source" label={t('genai.i2i.picture')} file={file} onFile={setFile} disabled={task.busy} />
              <label className="gen-choices__field">
                <span className="gen-form__label">{t('genai.i2i.strength', { percent: Math.round(strength * 100) })}</span>
                <input
                  type="range"
                  min={0.1}
                  max={0.95}
                  step={0.05}
                  value={strength}
                  disabled={task.busy}
                  onChange={(event) => setStrength(Number(event.target.value))}
                  data-testid="gen.strength"
                />
                <span className="muted small">{t('genai.i2i.strengthHint')}</span>
              </label>
            </div>
          )}
          <GenChoices value={gen.choices} onChange={gen.setChoices} disabled={task.busy} aspect={!needsPicture} />
          <CreditNote taskType={taskType} images={gen.choices.count} />
        </PromptBox>
      </div>
      <GenOutcome
        task={task}
        sentAs={gen.sentAs}
        original={file?.name ?? gen.prompt}
        tool={needsPicture ? 'image-to-image' : 'ai-image'}
        seed={gen.seedUsed}
        emptyText={t(needsPicture ? 'genai.i2i.empty' : 'generate.empty')}
      />
    </div>
  );
}
