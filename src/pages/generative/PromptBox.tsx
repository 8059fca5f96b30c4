/**
 * The prompt of a generative tool and its check before anything runs (issue 13): the languages this server
 * translates, the translation shown for the user to edit or refuse, or "send as written". When the check says
 * go, `onGo` gets the text to submit and whether the task flow may still translate it.
 */
import { useTranslation } from 'react-i18next';
import { PROMPT_MAX_CHARS } from '../../../engine/spec/generativeParams';
import { languageName } from '../../contentSafety/languageName';
import { PromptCheckPanel } from '../../tools/PromptCheckPanel';
import { usePromptCheck, useTranslatableLanguages } from '../../tools/usePromptCheck';

export type SentAs = 'unsure' | 'chosen' | null;

interface Props {
  label: string;
  placeholder: string;
  value: string;
  onChange(text: string): void;
  /** False while a run is busy or something else the run needs is missing. */
  canSubmit: boolean;
  /** No generation server on this site: the button is disabled and says why (issue 29). */
  unavailable?: boolean;
  submitLabel: string;
  onGo(prompt: string, asWritten: boolean, sentAs: SentAs): void;
  /** Optional: a prompt may be empty (the tool works from pictures alone). */
  optional?: boolean;
  /** Extra controls under the prompt (choices, pictures), inside the same form. */
  children?: React.ReactNode;
  /** Buttons beside Generate (Cancel, Try again). */
  actions?: React.ReactNode;
}

export function PromptBox({
  label,
  placeholder,
  value,
  onChange,
  canSubmit: canSubmitNow,
  unavailable = false,
  submitLabel,
  onGo,
  optional = false,
  children,
  actions,
}: Props) {
  const canSubmit = canSubmitNow && !unavailable;
  const { t, i18n } = useTranslation();
  const { check, run, reset } = usePromptCheck(i18n.language);
  const languages = useTranslatableLanguages();
  const checking = check.kind === 'checking';
  const text = value.trim();

  const go = (prompt: string, asWritten: boolean, sentAs: SentAs) => {
    reset();
    onGo(prompt, asWritten, sentAs);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSubmit || checking || (!text && !optional)) return;
    if (!text) {
      go('', true, null);
      return;
    }
    const next = await run(text);
    if (next.kind === 'go') go(next.prompt, next.asWritten, next.unsure ? 'unsure' : null);
  };

  const languageList = (languages ?? []).map((code) => languageName(code, i18n.language)).join(', ');
  return (
    <>
      <form className="card gen-form" onSubmit={submit}>
        <label htmlFor="gen-prompt" className="gen-form__label">
          {label}
        </label>
        <textarea
          id="gen-prompt"
          className="gen-form__prompt"
          value={value}
          maxLength={PROMPT_MAX_CHARS}
          rows={3}
          placeholder={placeholder}
          onChange={(event) => {
            onChange(event.target.value);
            if (!checking) reset();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit(event);
          }}
          data-testid="generate.prompt"
        />
        {languages !== null && (
          <p className="muted small" data-testid="generate.languages">
            {languages.length > 0 ? t('promptCheck.languagesHere', { languages: languageList }) : t('promptCheck.englishOnly')}
          </p>
        )}
        {children}
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            disabled={!canSubmit || checking || (!text && !optional)}
            data-testid="generate.submit"
            aria-describedby={unavailable ? 'gen-unavailable' : undefined}
          >
            {submitLabel}
          </button>
          {actions}
        </div>
        {unavailable && (
          <p id="gen-unavailable" className="muted small" data-testid="generate.unavailable">
            {t('genai.notice.disabledReason')}
          </p>
        )}
        {checking && (
          <p className="gen-outcome__stage" data-testid="generate.checking">
            {t('promptCheck.checking')}
          </p>
        )}
      </form>
      <PromptCheckPanel check={check} onGenerate={(edited) => go(edited, true, null)} onKeepOriginal={(original) => go(original, true, 'chosen')} />
    </>
  );
}
