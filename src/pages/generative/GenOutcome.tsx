/**
 * What a generative run shows below its form: "sent as written", progress, the translation the task flow made,
 * the error (1000003 as the not-configured notice), and the results.
 */
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../engine/spec/errors';
import { languageName } from '../../contentSafety/languageName';
import type { GenerativeTaskView } from '../../tools/useGenerativeTask';
import { GenerationNotice } from './GenerationNotice';
import { GenProgress } from './GenProgress';
import type { SentAs } from './PromptBox';
import { ResultGallery } from './ResultGallery';

interface Props {
  task: GenerativeTaskView;
  sentAs?: SentAs;
  /** Downloads are named after this (the photo's name or the prompt) and the tool slug. */
  original: string;
  tool: string;
  seed?: number | null;
  emptyText: string;
}

export function GenOutcome({ task, sentAs = null, original, tool, seed, emptyText }: Props) {
  const { t, i18n } = useTranslation();
  const notConfigured = task.errorCode === ResultCode.SERVICE_UNAVAILABLE;
  const errorText = notConfigured
    ? t('generate.noServer')
    : task.errorKey
      ? t((i18n.exists(task.errorKey) ? task.errorKey : 'errors.unknown') as 'errors.unknown')
      : null;
  return (
    <section className="card gen-outcome" aria-live="polite" data-testid="generate.outcome">
      {sentAs && task.stage !== 'idle' && (
        <p className="muted" data-testid="generate.asWritten">
          {t(sentAs === 'unsure' ? 'promptCheck.unsure' : 'promptCheck.sentAsWritten')}
        </p>
      )}
      {task.translation && (
        <figure className="gen-outcome__translation" data-testid="gen.translatedByFlow">
          <figcaption>{t('generate.translatedFrom', { language: languageName(task.translation.lanCode, i18n.language) })}</figcaption>
          <blockquote lang="en">{task.translation.text}</blockquote>
        </figure>
      )}
      {task.busy && <GenProgress stage={task.stage} progress={task.progress} onCancel={task.cancel} />}
      {errorText && (
        <p className="gen-outcome__error" role="alert" data-testid="generate.error" data-code={task.errorCode ?? undefined}>
          {errorText}
        </p>
      )}
      {notConfigured && <GenerationNotice />}
      {task.stage === 'failed' && !notConfigured && (
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={task.retry} data-testid="generate.retry">
            {t('generate.retry')}
          </button>
        </div>
      )}
      <ResultGallery results={task.results} original={original} tool={tool} seed={task.stage === 'completed' ? seed : null} />
      {task.stage === 'idle' && <p className="muted">{emptyText}</p>}
    </section>
  );
}
