/** Search and category filter over the ID photo templates; the list shows country, document, size. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ID_PHOTO_CATEGORIES, type IdPhotoCategory, type IdPhotoTemplate } from '../../../../engine/idphoto/template';
import { searchIdPhotoTemplates } from '../../../../engine/idphoto/templates';
import { countryName, templateSize, templateTitle } from './idPhotoText';

export function TemplatePicker({ selectedId, onSelect }: { selectedId: string; onSelect(template: IdPhotoTemplate): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<IdPhotoCategory | 'all'>('popular');
  const found = useMemo(
    // The country's name in the page's language is searchable too ("Allemagne", "ドイツ").
    () =>
      searchIdPhotoTemplates(query, {
        category: query ? 'all' : category,
        extraNames: (tpl) => `${countryName(tpl.countryCode, lang)} ${templateTitle(t, tpl, lang)}`,
      }),
    [query, category, lang, t],
  );
  return (
    <section className="idp-picker card" aria-labelledby="idp-picker-title">
      <h2 id="idp-picker-title" className="idp-picker__title">
        {t('idphoto.pickTemplate')}
      </h2>
      <input
        type="search"
        className="input idp-picker__search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('idphoto.searchPlaceholder')}
        aria-label={t('idphoto.searchPlaceholder')}
        data-testid="idphoto.search"
      />
      <div className="idp-picker__categories" role="tablist" aria-label={t('idphoto.categories')}>
        {(['all', ...ID_PHOTO_CATEGORIES] as const).map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            aria-selected={!query && category === c}
            className={`chip${!query && category === c ? ' is-active' : ''}`}
            onClick={() => {
              setCategory(c);
              setQuery('');
            }}
            data-testid={`idphoto.category.${c}`}
          >
            {t(`idphoto.category.${c}`)}
          </button>
        ))}
      </div>
      <ul className="idp-picker__list" data-testid="idphoto.templates">
        {found.map((tpl) => (
          <li key={tpl.templateId}>
            <button
              type="button"
              className={`idp-template${tpl.templateId === selectedId ? ' is-selected' : ''}`}
              aria-pressed={tpl.templateId === selectedId}
              onClick={() => onSelect(tpl)}
              data-testid={`idphoto.template.${tpl.templateId}`}
            >
              <span className="idp-template__name">
                {templateTitle(t, tpl, lang)}
                {tpl.isPro && <span className="badge billing-only idp-template__pro">{t('site.templates.pro')}</span>}
              </span>
              <span className="idp-template__size">{templateSize(tpl)}</span>
            </button>
          </li>
        ))}
        {found.length === 0 && <li className="muted">{t('idphoto.noMatch')}</li>}
      </ul>
    </section>
  );
}
