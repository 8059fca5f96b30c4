/**
 * /ai-image-generator: the user describes a picture in English or in a language this server translates (the
 * page lists them, from GET /api/translate/languages). Before anything is generated a non-English prompt is
 * translated and the translation shown: the user edits it or keeps their own words, and sees which words the
 * translator left untranslated (issue 13). Then the prompt goes through the task flow's content-safety steps
 * and to the generation service. The page shows a refusal with its reason, and says plainly when this server
 * has no generation service configured.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../engine/spec/errors';
import { languageName } from '../contentSafety/languageName';
import { usePromptTask } from '../tools/usePromptTask';
import { PromptCheckPanel } from '../tools/PromptCheckPanel';
import { usePromptCheck, useTranslatableLanguages } from '../tools/usePromptCheck';
import './aiImageGenerator.css';

/** SPEC leaves the prompt length open; long enough for a detailed description, short enough to review fast. */
const PROMPT_MAX_CHARS = 1000;

export function AiImageGeneratorPage() {
  const { t, i18n } = useTranslation();
  const task = usePromptTask('aiGeneratePic');
  const [prompt, setPrompt] = useState('');
  const { check, run, reset } = usePromptCheck(i18n.language);
  const languages = useTranslatableLanguages();
  const [sentAsWritten, setSentAsWritten] = useState<'unsure' | 'chosen' | null>(null);

  const generate = (text: string, asWritten: boolean, why: 'unsure' | 'chosen' | null) => {
    setSentAsWritten(why);
    reset();
    task.start(text, { asWritten });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!prompt.trim() || task.busy || check.kind === 'checking') return;
    setSentAsWritten(null);
    const next = await run(prompt.trim());
    if (next.kind === 'go') generate(next.prompt, next.asWritten, next.unsure ? 'unsure' : null);
  };

  const languageList = (languages ?? []).map((code) => languageName(code, i18n.language)).join(', ');

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
          onChange={(event) => { setPrompt(event.target.value); if (check.kind !== 'checking') reset(); }}
          onKeyDown={(event) => { if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit(event); }}
          data-testid="generate.prompt"
        />
        {languages !== null && (
          <p className="muted small" data-testid="generate.languages">
            {languages.length > 0 ? t('promptCheck.languagesHere', { languages: languageList }) : t('promptCheck.englishOnly')}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!prompt.trim() || task.busy || check.kind === 'checking'} data-testid="generate.submit">
            {t('generate.submit')}
          </button>
          {task.busy && <button type="button" className="button button--secondary" onClick={task.cancel}>{t('generate.cancel')}</button>}
          {task.stage === 'failed' && <button type="button" className="button button--secondary" onClick={task.retry} data-testid="generate.retry">{t('generate.retry')}</button>}
        </div>
      </form>

      <PromptCheckPanel
        check={check}
        onGenerate={(text) => generate(text, true, null)}
        onKeepOriginal={(original) => generate(original, true, 'chosen')}
      />

      <section className="card gen-outcome" aria-live="polite" data-testid="generate.outcome">
        {check.kind === 'checking' && <p className="gen-outcome__stage" data-testid="generate.checking">{t('promptCheck.checking')}</p>}
        {sentAsWritten && task.stage !== 'idle' && (
          <p className="muted" data-testid="generate.asWritten">{t(sentAsWritten === 'unsure' ? 'promptCheck.unsure' : 'promptCheck.sentAsWritten')}</p>
        )}
        {task.busy && <p className="gen-outcome__stage" data-testid="generate.stage">{t(`generate.stage.${task.stage}`)}</p>}
        {task.translation && (
          <figure className="gen-outcome__translation" data-testid="generate.translated">
            <figcaption>{t('generate.translatedFrom', { language: languageName(task.translation.lanCode, i18n.language) })}</figcaption>
            <blockquote lang="en">{task.translation.text}</blockquote>
          </figure>
        )}
        {errorText && <p className="gen-outcome__error" role="alert" data-testid="generate.error" data-code={task.errorCode ?? undefined}>{errorText}</p>}
        {task.resultUrl && <img className="gen-outcome__image" src={task.resultUrl} alt={t('generate.result')} />}
        {task.stage === 'idle' && check.kind !== 'checking' && <p className="muted">{t('generate.empty')}</p>}
      </section>
    </div>
  );
}
