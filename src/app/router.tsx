/**
 * Builds the browser router from the route table: every entry of ROUTES
 * becomes a child of `/:lang`; anything else renders the 404 page in place.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from './AppLayout';
import { LocaleGate } from './LocaleGate';
import { ROUTES, routeOf, type AppRoute } from '../../engine/site/routes';
import { PageForRoute } from '../pages/PageForRoute';
import { NotFoundPage } from '../site/pages/NotFoundPage';
import { BlogArticleRoute } from '../site/blog/BlogArticleRoute';

/** Route `handle`: lets the layout find the table entry of the matched page (for `<title>`). */
export interface RouteHandle {
  route: AppRoute;
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  const element = <PageForRoute route={route} />;
  return route.path === '/' ? { index: true, element, handle } : { path: route.path.slice(1), element, handle };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <LocaleGate />,
      children: [
        {
          path: '/:lang',
          element: <AppLayout />,
          children: [
            ...ROUTES.map(toRouteObject),
            // Articles: /blog/<slug> of the Markdown files in content/blog (an unknown slug is the 404 page).
            { path: 'blog/:slug', element: <BlogArticleRoute />, handle: { route: routeOf('/blog') } satisfies RouteHandle },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        // Only reached for `/`; LocaleGate redirects it before anything renders.
        { path: '*', element: null },
      ],
    },
  ]);
}
