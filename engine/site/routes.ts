/**
 * The route table: the single source for the router, the navigation, the
 * tools list and the tests. Every path lives under the `/:lang` prefix
 * (see localePath.ts); paths here are written without it.
 */

/** Sections of SPEC §2; the tool sections also group the cards on /tools. */
export type RouteGroup = 'general' | 'policy' | 'editor' | 'photo' | 'productPhotography' | 'aiGeneration' | 'aiReplace' | 'batch';

export interface AppRoute {
  /** Path after the language prefix, starting with `/`. */
  path: string;
  /** i18n key of the page title (also used for `<title>` and cards). */
  titleKey: string;
  /** i18n key of a one-sentence description of what the page does. */
  descriptionKey: string;
  /**
   * The page component, by its module under `src/` without the extension: `pages/tools/MagicEraserPage` is
   * the `MagicEraserPage` export of `src/pages/tools/MagicEraserPage.tsx`. `src/pages/PageForRoute.tsx`
   * finds it by this name (each `*Page.tsx` file under `src/` is a page chunk), so a new page is its file plus this row.
   */
  page: string;
  /** Fixed props for the page component, for one component behind several routes (a variant, a mode). */
  pageProps?: Readonly<Record<string, string>>;
  group: RouteGroup;
  /** Shown as a card on /tools (and on home when also `featured`). */
  listed: boolean;
  featured: boolean;
  /** Query parameter the page reads (SPEC §2 "query pid"). */
  query?: 'pid';
}

type Options = Partial<Pick<AppRoute, 'listed' | 'featured' | 'query' | 'pageProps'>>;

/** The page of a route nobody has built yet: its title, description and a "coming soon" badge. */
export const PLACEHOLDER_PAGE = 'pages/PlaceholderPage';

/** The canvas editor's page, which fills the window (no cookie banner above it). */
export const EDITOR_PAGE = 'editor/EditorPage';

/** A general page: keys under `pages.<id>`. */
function sitePage(path: string, id: string, group: RouteGroup, page: string, options: Options = {}): AppRoute {
  return {
    path,
    titleKey: `pages.${id}.title`,
    descriptionKey: `pages.${id}.description`,
    page,
    group,
    listed: false,
    featured: false,
    ...options,
  };
}

/**
 * A tool page: keys under `tools.<id>` unless the options name the title and description keys (a tool whose
 * strings live in its own locale section); listed on /tools unless told otherwise.
 */
function tool(
  path: string,
  id: string,
  group: RouteGroup,
  page: string,
  options: Options & Partial<Pick<AppRoute, 'titleKey' | 'descriptionKey'>> = {},
): AppRoute {
  return {
    path,
    titleKey: `tools.${id}.title`,
    descriptionKey: `tools.${id}.description`,
    page,
    group,
    listed: true,
    featured: false,
    ...options,
  };
}

/**
 * Every page of the app. A row is the whole registration of a page: its path, its strings, its component,
 * its place in the navigation (group, listed on /tools, featured on home). The server answers 404 for any
 * path not here (server/src/routes/knownWebPath.ts).
 */
export const ROUTES: readonly AppRoute[] = [
  sitePage('/', 'home', 'general', 'pages/HomePage'),
  sitePage('/tools', 'tools', 'general', 'pages/ToolsPage'),
  sitePage('/pricing', 'pricing', 'general', 'pages/account/PricingPage'),
  sitePage('/order', 'order', 'general', 'pages/account/OrderPage'),
  sitePage('/account', 'account', 'general', 'pages/account/AccountPage'),
  sitePage('/log-in', 'logIn', 'general', 'pages/account/LoginPage', { pageProps: { mode: 'log-in' } }),
  sitePage('/sign-up', 'signUp', 'general', 'pages/account/LoginPage', { pageProps: { mode: 'sign-up' } }),
  sitePage('/blog', 'blog', 'general', 'site/blog/BlogListPage'),
  sitePage('/template', 'template', 'general', 'site/templates/TemplateGalleryPage'),
  sitePage('/help', 'help', 'general', 'site/pages/HelpPage'),
  sitePage('/about', 'about', 'general', 'site/pages/AboutPage'),
  sitePage('/404', 'notFound', 'general', 'site/pages/NotFoundPage'),
  sitePage('/admin/stats', 'adminStats', 'general', 'pages/AdminStatsPage'),

  sitePage('/privacy-policy', 'privacyPolicy', 'policy', 'site/pages/PolicyPage', { pageProps: { policy: 'privacy' } }),
  sitePage('/term-of-use', 'termsOfUse', 'policy', 'site/pages/PolicyPage', { pageProps: { policy: 'terms' } }),
  sitePage('/cookies-policy', 'cookiesPolicy', 'policy', 'site/pages/PolicyPage', { pageProps: { policy: 'cookies' } }),

  sitePage('/create', 'create', 'editor', 'pages/CreatePage'),
  sitePage('/create/edit', 'createEdit', 'editor', EDITOR_PAGE, { query: 'pid' }),
  sitePage('/project', 'project', 'editor', 'pages/ProjectsPage', { pageProps: { type: 'project' } }),
  sitePage('/cutouts', 'cutouts', 'editor', 'pages/ProjectsPage', { pageProps: { type: 'cutouts' } }),

  tool('/tools/background-remover', 'backgroundRemover', 'photo', 'pages/BackgroundRemoverPage', { featured: true }),
  tool('/tools/background-changer', 'backgroundChanger', 'photo', 'pages/tools/BackgroundChangerPage', { featured: true }),
  tool('/tools/photo-enhancer', 'photoEnhancer', 'photo', 'pages/tools/PhotoEnhancerPage', { featured: true }),
  tool('/tools/magic-eraser-with-ai-detection', 'magicEraser', 'photo', 'pages/tools/MagicEraserPage', { featured: true }),
  tool('/tools/ai-image-extender', 'aiImageExtender', 'photo', 'pages/tools/ImageExtenderPage', { featured: true }),
  tool('/tools/id-photo-maker', 'idPhotoMaker', 'photo', 'pages/tools/idphoto/IdPhotoMakerPage', { featured: true }),
  tool('/tools/id-photo-edit', 'idPhotoEdit', 'photo', 'pages/tools/idphoto/IdPhotoEditPage', { listed: false, query: 'pid' }),
  tool('/tools/blur-background', 'blurBackground', 'photo', 'pages/tools/BlurBackgroundPage', { featured: true }),
  // Text and seal extraction (SPEC §1 names the tool; §2 gives it no path): strings in locales/sections/extract.
  tool('/tools/text-extractor', 'textExtractor', 'photo', 'pages/tools/TextExtractorPage', {
    titleKey: 'extract.tool.title',
    descriptionKey: 'extract.tool.description',
  }),
  // Not in SPEC §2: old-photo colourising (SPEC §7 submit feature, task type deoldify), issue 19; strings in sections/genai.
  tool('/tools/photo-colorizer', 'colorize', 'photo', 'pages/generative/ColorizePage', {
    titleKey: 'genai.colorize.title',
    descriptionKey: 'genai.colorize.description',
  }),

  tool('/product-photography/white-background', 'productWhite', 'productPhotography', 'pages/tools/ProductBackgroundPage', { pageProps: { variant: 'white' } }),
  tool('/product-photography/green-background', 'productGreen', 'productPhotography', 'pages/tools/ProductBackgroundPage', { pageProps: { variant: 'green' } }),
  tool('/product-photography/blue-background', 'productBlue', 'productPhotography', 'pages/tools/ProductBackgroundPage', { pageProps: { variant: 'blue' } }),

  tool('/ai-background', 'aiBackground', 'aiGeneration', 'pages/tools/AiBackgroundPage', { featured: true }),
  tool('/ai-image-generator', 'aiImageGenerator', 'aiGeneration', 'pages/AiImageGeneratorPage', { featured: true }),
  tool('/ai-image-generator/create', 'aiImageGeneratorCreate', 'aiGeneration', 'pages/AiImageGeneratorPage', {
    listed: false,
    pageProps: { mode: 'textToImage', variant: 'create' },
  }),
  tool('/image-to-image-ai', 'imageToImage', 'aiGeneration', 'pages/AiImageGeneratorPage', { featured: true, pageProps: { mode: 'imageToImage' } }),
  tool('/image-to-image-ai/create', 'imageToImageCreate', 'aiGeneration', 'pages/AiImageGeneratorPage', {
    listed: false,
    pageProps: { mode: 'imageToImage', variant: 'create' },
  }),

  tool('/ai-replace', 'aiReplace', 'aiReplace', 'pages/generative/AiReplaceHubPage', { listed: false }),
  tool('/ai-replace/ai-clothes-changer', 'aiClothesChanger', 'aiReplace', 'pages/generative/ReplaceToolPage', {
    featured: true,
    pageProps: { variant: 'clothes' },
  }),
  tool('/ai-replace/ai-virtual-try-on-product', 'aiVirtualTryOn', 'aiReplace', 'pages/generative/ReplaceToolPage', { pageProps: { variant: 'product' } }),
  tool('/ai-replace/background-replacer', 'backgroundReplacer', 'aiReplace', 'pages/generative/ReplaceToolPage', { pageProps: { variant: 'background' } }),

  tool('/batch', 'batch', 'batch', 'pages/batch/BatchHubPage', { listed: false }),
  tool('/batch-edit', 'batchEdit', 'batch', 'pages/batch/BatchHubPage', { listed: false }),
  tool('/batch-edit/bulk-image-enhancer', 'bulkImageEnhancer', 'batch', 'pages/batch/BatchToolPage', { pageProps: { tool: 'enhance' } }),
  tool('/batch-edit/bulk-background-remover', 'bulkBackgroundRemover', 'batch', 'pages/batch/BatchToolPage', {
    featured: true,
    pageProps: { tool: 'removebg' },
  }),
  tool('/batch-edit/bulk-background-changer', 'bulkBackgroundChanger', 'batch', 'pages/batch/BatchToolPage', { pageProps: { tool: 'changebg' } }),
  tool('/batch-edit/bulk-image-resizer', 'bulkImageResizer', 'batch', 'pages/batch/BatchToolPage', { pageProps: { tool: 'resize' } }),
  tool('/batch-edit/edit', 'batchEditEditor', 'batch', 'pages/batch/BatchFineTunePage', { listed: false, query: 'pid' }),
];

/** Order of the tool sections on /tools. */
export const TOOL_GROUPS: readonly RouteGroup[] = ['photo', 'aiGeneration', 'aiReplace', 'batch', 'productPhotography'];

const byPath = new Map(ROUTES.map((route) => [route.path, route]));

/** The route for a path after the prefix, or undefined (→ 404). */
export function findRoute(rest: string): AppRoute | undefined {
  return byPath.get(rest);
}

/** The route of a path that must exist (for links); throws on a typo so it shows up in tests. */
export function routeOf(path: string): AppRoute {
  const route = byPath.get(path);
  if (!route) throw new Error(`No route ${path}`);
  return route;
}

export const BACKGROUND_REMOVER_PATH = '/tools/background-remover';
