/**
 * /help: the FAQ, grouped, each question a native disclosure; a search box filters them. A link to
 * `/help#<question id>` (the generative pages' "not configured" notice) opens that question and scrolls to it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { HELP_GROUPS, HELP_QUESTIONS, HELP_VALUES } from './helpQuestions';

export function HelpPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const opened = useLocation().hash.slice(1);
  useEffect(() => {
    if (opened) document.getElementById(opened)?.scrollIntoView({ block: 'start' });
  }, [opened]);
  const needle = query.trim().toLocaleLowerCase();
  const visible = HELP_QUESTIONS.filter(
    ({ id }) => !needle || `${t(`help.q.${id}.q`)} ${t(`help.q.${id}.a`, HELP_VALUES)}`.toLocaleLowerCase().includes(needle),
  );

  return (
    <div className="container page-narrow site-page" data-testid="page.help">
      <header className="page-header">
        <h1 className="page-title">{t('pages.help.title')}</h1>
        <p className="lead">{t('site.help.lead')}</p>
        <label className="help-search">
          <span className="visually-hidden">{t('site.help.searchLabel')}</span>
          <input
            type="search"
            value={query}
            placeholder={t('site.help.searchLabel')}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="help.search"
          />
        </label>
      </header>
      {visible.length === 0 && (
        <p className="muted" role="status">
          {t('site.help.noMatch')}
        </p>
      )}
      {HELP_GROUPS.map((group) => {
        const items = visible.filter((question) => question.group === group);
        if (items.length === 0) return null;
        return (
          <section key={group} className="help-group" aria-labelledby={`help-${group}`}>
            <h2 id={`help-${group}`} className="section-title">
              {t(`help.groups.${group}`)}
            </h2>
            {items.map(({ id }) => (
              <details key={id} id={id} className="faq" open={id === opened || undefined} data-testid={`help.q.${id}`}>
                <summary>{t(`help.q.${id}.q`)}</summary>
                <p>{t(`help.q.${id}.a`, HELP_VALUES)}</p>
              </details>
            ))}
          </section>
        );
      })}
    </div>
  );
}
