/** One how-to article, with a link to the tool it explains. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/useLang';
import { LocalLink } from '../../components/LocalLink';
import { ArticleBody } from './ArticleBody';
import { loadArticle, type LoadedArticle } from './articles';

export function BlogArticlePage({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const [article, setArticle] = useState<LoadedArticle | null>(null);

  useEffect(() => {
    let live = true;
    void loadArticle(slug, lang).then((loaded) => {
      if (live && loaded) setArticle(loaded);
    });
    return () => {
      live = false;
    };
  }, [slug, lang]);

  useEffect(() => {
    if (article?.meta.title) document.title = `${article.meta.title} – ${t('common.brand')}`;
  }, [article, t]);

  if (!article) return <div className="page-loading" aria-busy="true" />;
  const date = article.meta.date ? new Date(article.meta.date).toLocaleDateString(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }) : '';
  return (
    <article className="container page-narrow site-page article" data-testid="page.article">
      <p>
        <LocalLink to="/blog" className="text-link">
          ← {t('site.blog.back')}
        </LocalLink>
      </p>
      <header className="page-header">
        <h1 className="page-title" lang={article.lang}>
          {article.meta.title}
        </h1>
        {date && <p className="muted">{t('site.blog.published', { date })}</p>}
        {article.lang !== lang && (
          <p className="notice" role="note">
            {t('site.blog.englishOnly')}
          </p>
        )}
      </header>
      <div className="prose" lang={article.lang}>
        <ArticleBody blocks={article.blocks} />
      </div>
      {article.meta.tool && (
        <p className="button-row">
          <LocalLink to={article.meta.tool} className="button button--primary">
            {t('site.blog.tryTool')}
          </LocalLink>
        </p>
      )}
    </article>
  );
}
