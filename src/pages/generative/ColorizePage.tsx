/**
 * /tools/photo-colorizer: an old black-and-white photo in colour (the `deoldify` task type), run by a
 * colourisation workflow on the generation server. The photo alone is the input; without a server the page
 * says so like the other generative tools.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from '../../components/CompareSlider';
import { CreditNote } from './CreditNote';
import { GenerationNotice } from './GenerationNotice';
import { GenOutcome } from './GenOutcome';
import { ImageInput } from './ImageInput';
import { useGenerationAvailability } from './useGenerationAvailability';
import { useGenerativeTask } from '../../tools/useGenerativeTask';
import '../aiImageGenerator.css';

export function ColorizePage() {
  const { t } = useTranslation();
  const availability = useGenerationAvailability('deoldify');
  const task = useGenerativeTask('deoldify');
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const pick = (file: File | null) => {
    setPhoto(file);
    setPhotoUrl((old) => {
      if (old) URL.revokeObjectURL(old);
      return file ? URL.createObjectURL(file) : null;
    });
  };
  const result = task.results[0];
  return (
    <div className="container tool-page gen-page" data-testid="page.colorize">
      <header className="page-header center">
        <h1 className="page-title">{t('genai.colorize.title')}</h1>
        <p className="lead">{t('genai.colorize.description')}</p>
      </header>
      {availability === 'notConfigured' && task.stage === 'idle' && <GenerationNotice />}
      <form
        className="card gen-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (photo) task.start({ file: photo });
        }}
      >
        <ImageInput id="photo" label={t('genai.colorize.photo')} hint={t('genai.colorize.hint')} file={photo} onFile={pick} disabled={task.busy} />
        <CreditNote taskType="deoldify" />
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            disabled={!photo || task.busy || availability === 'notConfigured'}
            data-testid="colorize.submit"
            aria-describedby={availability === 'notConfigured' ? 'gen-unavailable' : undefined}
          >
            {t('genai.colorize.submit')}
          </button>
        </div>
        {availability === 'notConfigured' && (
          <p id="gen-unavailable" className="muted small" data-testid="generate.unavailable">
            {t('genai.notice.disabledReason')}
          </p>
        )}
      </form>
      {result && photoUrl && (
        <div className="card gen-compare" data-testid="colorize.compare">
          <CompareSlider beforeUrl={photoUrl} afterUrl={result.url} />
        </div>
      )}
      <GenOutcome task={task} original={photo?.name ?? 'photo'} tool="colorized" emptyText={t('genai.colorize.empty')} />
    </div>
  );
}
