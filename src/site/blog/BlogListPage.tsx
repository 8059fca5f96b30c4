/** /blog: every article, newest first, with its cover image and summary. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/useLang';
import { LocalLink } from '../../components/LocalLink';
import { loadAllArticles, type LoadedArticle } from './articles';

export function BlogListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [articles, setArticles] = useState<LoadedArticle[] | null>(null);

  useEffect(() => {
    let live = true;
    void loadAllArticles(lang).then((list) => {
      if (live) setArticles(list);
    });
    return () => {
      live = false;
    };
  }, [lang]);

  return (
    <div className="container site-page" data-testid="page.blog" aria-busy={articles === null}>
      <header className="page-header">
        <h1 className="page-title">{t('pages.blog.title')}</h1>
        <p className="lead">{t('site.blog.lead')}</p>
      </header>
      <ul className="blog-grid">
        {(articles ?? []).map((article) => (
          <li key={article.slug} className="card blog-card" data-testid={`blog.${article.slug}`}>
            {article.meta.cover && <img src={article.meta.cover} alt="" loading="lazy" className="blog-card__image" />}
            <h2 className="blog-card__title">
              <LocalLink to={`/blog/${article.slug}`}>{article.meta.title}</LocalLink>
            </h2>
            <p className="muted" lang={article.lang}>
              {article.meta.summary}
            </p>
            <LocalLink to={`/blog/${article.slug}`} className="text-link" aria-hidden="true" tabIndex={-1}>
              {t('site.blog.readMore')}
            </LocalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
