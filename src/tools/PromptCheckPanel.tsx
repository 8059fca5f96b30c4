/**
 * The translation a user checks before generating (issue 13): the English translation in an editable box, the
 * words the translator left untranslated marked, and the choice between the (edited) translation and the
 * original prompt; or, when this server cannot translate the language, that plain fact and "Send as written".
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../contentSafety/languageName';
import type { PromptCheck } from './usePromptCheck';

export interface PromptCheckPanelProps {
  check: PromptCheck;
  /** Generate with this English text (the translation, as edited). */
  onGenerate(text: string): void;
  /** Generate with the user's own words, untranslated. */
  onKeepOriginal(original: string): void;
}

/** Splits `text` into runs, marking the words listed in `words` (case-insensitive, whole words). */
function markWords(text: string, words: readonly string[]): Array<{ text: string; marked: boolean }> {
  if (words.length === 0) return [{ text, marked: false }];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return text
    .split(pattern)
    .filter(Boolean)
    .map((part) => ({ text: part, marked: words.some((w) => w.toLowerCase() === part.toLowerCase()) }));
}

export function PromptCheckPanel({ check, onGenerate, onKeepOriginal }: PromptCheckPanelProps) {
  const { t, i18n } = useTranslation();
  const [edited, setEdited] = useState('');
  useEffect(() => {
    if (check.kind === 'review') setEdited(check.translation);
  }, [check]);

  if (check.kind === 'review') {
    const language = languageName(check.lanCode, i18n.language);
    return (
      <section className="card gen-check" data-testid="generate.translated">
        <p className="gen-check__title">{t('generate.translatedFrom', { language })}</p>
        <p className="muted small">{t('promptCheck.reviewHint')}</p>
        <label htmlFor="gen-translation" className="gen-form__label">
          {t('promptCheck.editLabel')}
        </label>
        <textarea
          id="gen-translation"
          className="gen-form__prompt"
          lang="en"
          rows={3}
          value={edited}
          onChange={(event) => setEdited(event.target.value)}
          data-testid="generate.translation"
        />
        {check.untranslated.length > 0 && (
          <p className="small" data-testid="generate.untranslated">
            {t('promptCheck.untranslated', { words: check.untranslated.join(', ') })}{' '}
            <span lang="en" aria-hidden="true">
              (
              {markWords(check.translation, check.untranslated).map((part, i) =>
                part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
              )}
              )
            </span>
          </p>
        )}
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={!edited.trim()}
            onClick={() => onGenerate(edited.trim())}
            data-testid="generate.useTranslation"
          >
            {t('promptCheck.useTranslation')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => onKeepOriginal(check.original)} data-testid="generate.keepOriginal">
            {t('promptCheck.keepOriginal')}
          </button>
        </div>
      </section>
    );
  }

  if (check.kind === 'noTranslation') {
    const language = languageName(check.lanCode, i18n.language);
    return (
      <section className="card gen-check" data-testid="generate.noTranslation">
        <p className="gen-outcome__error" role="alert" data-testid="generate.error" data-code={check.code}>
          {check.unavailable ? t('promptCheck.unavailable', { language }) : t('promptCheck.failed')}
        </p>
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => onKeepOriginal(check.original)} data-testid="generate.sendAsWritten">
            {t('promptCheck.sendAsWritten')}
          </button>
        </div>
      </section>
    );
  }
  return null;
}
