/**
 * /ai-image-generator: the user describes a picture in any language. The prompt goes through the task
 * flow's content-safety steps (text review, translation to English with its reviews), then to the
 * generation service. The page shows what the prompt became ("Translated from Spanish: …"), a refusal
 * with its reason, and says plainly when this server has no generation service configured.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../engine/spec/errors';
import { languageName } from '../contentSafety/languageName';
import { usePromptTask } from '../tools/usePromptTask';
import './aiImageGenerator.css';

/** SPEC leaves the prompt length open; long enough for a detailed description, short enough to review fast. */
const PROMPT_MAX_CHARS = 1000;

export function AiImageGeneratorPage() {
  const { t, i18n } = useTranslation();
  const task = usePromptTask('aiGeneratePic');
  const [prompt, setPrompt] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!prompt.trim() || task.busy) return;
    task.start(prompt.trim());
  };

  const errorText = task.errorCode === ResultCode.SERVICE_UNAVAILABLE
    ? t('generate.noServer')
    : task.errorKey ? t((i18n.exists(task.errorKey) ? task.errorKey : 'errors.unknown') as 'errors.unknown') : null;

  return (
    <div className="container tool-page gen-page" data-testid="page.aiImageGenerator">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.aiImageGenerator.title')}</h1>
        <p className="lead">{t('tools.aiImageGenerator.description')}</p>
      </header>
      <form className="card gen-form" onSubmit={submit}>
        <label htmlFor="gen-prompt" className="gen-form__label">{t('generate.promptLabel')}</label>
        <textarea
          id="gen-prompt"
          className="gen-form__prompt"
          value={prompt}
          maxLength={PROMPT_MAX_CHARS}
          rows={4}
          placeholder={t('generate.promptPlaceholder')}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={(event) => { if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event); }}
          data-testid="generate.prompt"
        />
        <p className="muted small">{t('generate.anyLanguage')}</p>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!prompt.trim() || task.busy} data-testid="generate.submit">
            {t('generate.submit')}
          </button>
          {task.busy && <button type="button" className="button button--secondary" onClick={task.cancel}>{t('generate.cancel')}</button>}
          {task.stage === 'failed' && <button type="button" className="button button--secondary" onClick={task.retry} data-testid="generate.retry">{t('generate.retry')}</button>}
        </div>
      </form>

      <section className="card gen-outcome" aria-live="polite" data-testid="generate.outcome">
        {task.busy && <p className="gen-outcome__stage" data-testid="generate.stage">{t(`generate.stage.${task.stage}`)}</p>}
        {task.translation && (
          <figure className="gen-outcome__translation" data-testid="generate.translated">
            <figcaption>{t('generate.translatedFrom', { language: languageName(task.translation.lanCode, i18n.language) })}</figcaption>
            <blockquote lang="en">{task.translation.text}</blockquote>
          </figure>
        )}
        {errorText && <p className="gen-outcome__error" role="alert" data-testid="generate.error" data-code={task.errorCode ?? undefined}>{errorText}</p>}
        {task.resultUrl && <img className="gen-outcome__image" src={task.resultUrl} alt={t('generate.result')} />}
        {task.stage === 'idle' && <p className="muted">{t('generate.empty')}</p>}
      </section>
    </div>
  );
}
