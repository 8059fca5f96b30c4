/**
 * Renders the page a route-table row names (`AppRoute.page`, a module under `src/` such as
 * `pages/tools/MagicEraserPage`). Pages are found by convention, as Inertia.js resolves its pages: every
 * `src/**\/*Page.tsx` exports a component of its file's name. So a new page is its file plus one row in
 * `engine/site/routes.ts`, and nothing here changes. Every page but home, 404 and the placeholder is its own
 * chunk (React.lazy), so the first load of a page downloads only that page.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { PLACEHOLDER_PAGE, type AppRoute } from '../../engine/site/routes';
import { HomePage } from './HomePage';
import { NotFoundPage } from '../site/pages/NotFoundPage';
import { PlaceholderPage } from './PlaceholderPage';

/** Props every page gets: its route row, then the row's fixed `pageProps`. */
type PageComponent = ComponentType<{ route: AppRoute } & Record<string, unknown>>;

/** The pages in the first chunk: the landing page and the two a wrong link ends on. */
const EAGER_PAGES: Readonly<Record<string, PageComponent>> = {
  'pages/HomePage': HomePage,
  'site/pages/NotFoundPage': NotFoundPage,
  [PLACEHOLDER_PAGE]: PlaceholderPage as PageComponent,
};

/** Every other page module, loaded on first use (keys are `/src/<page>.tsx`). */
const PAGE_MODULES = import.meta.glob<Record<string, PageComponent>>([
  '/src/**/*Page.tsx',
  '!/src/pages/HomePage.tsx',
  '!/src/site/pages/NotFoundPage.tsx',
  '!/src/pages/PlaceholderPage.tsx',
]);

const lazyPages = new Map<string, PageComponent>();

/** The component of a page name; one lazy component per name, so React keeps its state across renders. */
function pageComponent(page: string): PageComponent {
  const eager = EAGER_PAGES[page];
  if (eager) return eager;
  let component = lazyPages.get(page);
  if (!component) {
    const load = PAGE_MODULES[`/src/${page}.tsx`];
    if (!load) throw new Error(`No page module src/${page}.tsx`);
    const exportName = page.slice(page.lastIndexOf('/') + 1);
    component = lazy(async () => {
      const found = (await load())[exportName];
      if (!found) throw new Error(`src/${page}.tsx exports no ${exportName}`);
      return { default: found };
    });
    lazyPages.set(page, component);
  }
  return component;
}

export function PageForRoute({ route }: { route: AppRoute }) {
  const Page = pageComponent(route.page);
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <Page key={route.path} route={route} {...route.pageProps} />
    </Suspense>
  );
}
