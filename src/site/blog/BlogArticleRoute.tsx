/** /blog/<slug>: the article page chunk, loaded on demand; an unknown slug shows the 404 page. */
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../pages/NotFoundPage';
import { hasArticle } from './articles';

const BlogArticlePage = lazy(async () => ({ default: (await import('./BlogArticlePage')).BlogArticlePage }));

export function BlogArticleRoute() {
  const { slug = '' } = useParams();
  if (!hasArticle(slug)) return <NotFoundPage />;
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <BlogArticlePage slug={slug} />
    </Suspense>
  );
}
