/**
 * The route table: the single source for the router, the navigation, the
 * tools list and the tests. Every path lives under the `/:lang` prefix
 * (see localePath.ts); paths here are written without it.
 */

/** Which React page renders the route. Everything not built yet is a placeholder. */
export type PageKind = 'home' | 'toolsIndex' | 'backgroundRemover' | 'notFound' | 'placeholder' | 'create' | 'editor' | 'projects' | 'cutouts' | 'aiImageGenerator' | 'adminStats'
  | 'photoEnhancer' | 'backgroundChanger' | 'productWhite' | 'productGreen' | 'productBlue' | 'aiBackground'
  | 'blurBackground' | 'imageExtender' | 'magicEraser' | 'textExtractor' | 'idPhotoMaker' | 'idPhotoEdit'
  | 'pricing' | 'order' | 'account' | 'logIn' | 'signUp'
  | 'help' | 'about' | 'privacyPolicy' | 'termsOfUse' | 'cookiesPolicy' | 'blog' | 'template'
  | 'aiImageGeneratorCreate' | 'imageToImage' | 'imageToImageCreate' | 'aiReplace' | 'aiClothesChanger' | 'aiVirtualTryOn'
  | 'backgroundReplacer' | 'colorize'
  | 'batchHub' | 'batchTool' | 'batchFineTune';

/** Sections of SPEC §2; the tool sections also group the cards on /tools. */
export type RouteGroup =
  | 'general' | 'policy' | 'editor'
  | 'photo' | 'productPhotography' | 'aiGeneration' | 'aiReplace' | 'batch';

export interface AppRoute {
  /** Path after the language prefix, starting with `/`. */
  path: string;
  /** i18n key of the page title (also used for `<title>` and cards). */
  titleKey: string;
  /** i18n key of a one-sentence description of what the page does. */
  descriptionKey: string;
  kind: PageKind;
  group: RouteGroup;
  /** Shown as a card on /tools (and on home when also `featured`). */
  listed: boolean;
  featured: boolean;
  /** Query parameter the page reads (SPEC §2 "query pid"). */
  query?: 'pid';
}

type Options = Partial<Pick<AppRoute, 'kind' | 'listed' | 'featured' | 'query'>>;

/** A general page: keys under `pages.<id>`. */
function page(path: string, id: string, group: RouteGroup, options: Options = {}): AppRoute {
  return {
    path, titleKey: `pages.${id}.title`, descriptionKey: `pages.${id}.description`,
    kind: 'placeholder', group, listed: false, featured: false, ...options,
  };
}

/** A tool page: keys under `tools.<id>`; listed on /tools unless told otherwise. */
function tool(path: string, id: string, group: RouteGroup, options: Options = {}): AppRoute {
  return {
    path, titleKey: `tools.${id}.title`, descriptionKey: `tools.${id}.description`,
    kind: 'placeholder', group, listed: true, featured: false, ...options,
  };
}

export const ROUTES: readonly AppRoute[] = [
  page('/', 'home', 'general', { kind: 'home' }),
  page('/tools', 'tools', 'general', { kind: 'toolsIndex' }),
  page('/pricing', 'pricing', 'general', { kind: 'pricing' }),
  page('/order', 'order', 'general', { kind: 'order' }),
  page('/account', 'account', 'general', { kind: 'account' }),
  page('/log-in', 'logIn', 'general', { kind: 'logIn' }),
  page('/sign-up', 'signUp', 'general', { kind: 'signUp' }),
  page('/blog', 'blog', 'general', { kind: 'blog' }),
  page('/template', 'template', 'general', { kind: 'template' }),
  page('/help', 'help', 'general', { kind: 'help' }),
  page('/about', 'about', 'general', { kind: 'about' }),
  page('/404', 'notFound', 'general', { kind: 'notFound' }),
  page('/admin/stats', 'adminStats', 'general', { kind: 'adminStats' }),

  page('/privacy-policy', 'privacyPolicy', 'policy', { kind: 'privacyPolicy' }),
  page('/term-of-use', 'termsOfUse', 'policy', { kind: 'termsOfUse' }),
  page('/cookies-policy', 'cookiesPolicy', 'policy', { kind: 'cookiesPolicy' }),

  page('/create', 'create', 'editor', { kind: 'create' }),
  page('/create/edit', 'createEdit', 'editor', { kind: 'editor', query: 'pid' }),
  page('/project', 'project', 'editor', { kind: 'projects' }),
  page('/cutouts', 'cutouts', 'editor', { kind: 'cutouts' }),

  tool('/tools/background-remover', 'backgroundRemover', 'photo', { kind: 'backgroundRemover', featured: true }),
  tool('/tools/background-changer', 'backgroundChanger', 'photo', { kind: 'backgroundChanger', featured: true }),
  tool('/tools/photo-enhancer', 'photoEnhancer', 'photo', { kind: 'photoEnhancer', featured: true }),
  tool('/tools/magic-eraser-with-ai-detection', 'magicEraser', 'photo', { kind: 'magicEraser', featured: true }),
  tool('/tools/ai-image-extender', 'aiImageExtender', 'photo', { kind: 'imageExtender', featured: true }),
  tool('/tools/id-photo-maker', 'idPhotoMaker', 'photo', { kind: 'idPhotoMaker', featured: true }),
  tool('/tools/id-photo-edit', 'idPhotoEdit', 'photo', { kind: 'idPhotoEdit', listed: false, query: 'pid' }),
  tool('/tools/blur-background', 'blurBackground', 'photo', { kind: 'blurBackground', featured: true }),
  // Text and seal extraction (SPEC §1 names the tool; §2 gives it no path): strings in locales/sections/extract.
  { ...tool('/tools/text-extractor', 'textExtractor', 'photo', { kind: 'textExtractor' }), titleKey: 'extract.tool.title', descriptionKey: 'extract.tool.description' },
  // Not in SPEC §2: old-photo colourising (SPEC §7 submit feature, task type deoldify), issue 19; strings in sections/genai.
  { ...tool('/tools/photo-colorizer', 'colorize', 'photo', { kind: 'colorize' }), titleKey: 'genai.colorize.title', descriptionKey: 'genai.colorize.description' },

  tool('/product-photography/white-background', 'productWhite', 'productPhotography', { kind: 'productWhite' }),
  tool('/product-photography/green-background', 'productGreen', 'productPhotography', { kind: 'productGreen' }),
  tool('/product-photography/blue-background', 'productBlue', 'productPhotography', { kind: 'productBlue' }),

  tool('/ai-background', 'aiBackground', 'aiGeneration', { kind: 'aiBackground', featured: true }),
  tool('/ai-image-generator', 'aiImageGenerator', 'aiGeneration', { kind: 'aiImageGenerator', featured: true }),
  tool('/ai-image-generator/create', 'aiImageGeneratorCreate', 'aiGeneration', { kind: 'aiImageGeneratorCreate', listed: false }),
  tool('/image-to-image-ai', 'imageToImage', 'aiGeneration', { kind: 'imageToImage', featured: true }),
  tool('/image-to-image-ai/create', 'imageToImageCreate', 'aiGeneration', { kind: 'imageToImageCreate', listed: false }),

  tool('/ai-replace', 'aiReplace', 'aiReplace', { kind: 'aiReplace', listed: false }),
  tool('/ai-replace/ai-clothes-changer', 'aiClothesChanger', 'aiReplace', { kind: 'aiClothesChanger', featured: true }),
  tool('/ai-replace/ai-virtual-try-on-product', 'aiVirtualTryOn', 'aiReplace', { kind: 'aiVirtualTryOn' }),
  tool('/ai-replace/background-replacer', 'backgroundReplacer', 'aiReplace', { kind: 'backgroundReplacer' }),

  tool('/batch', 'batch', 'batch', { kind: 'batchHub', listed: false }),
  tool('/batch-edit', 'batchEdit', 'batch', { kind: 'batchHub', listed: false }),
  tool('/batch-edit/bulk-image-enhancer', 'bulkImageEnhancer', 'batch', { kind: 'batchTool' }),
  tool('/batch-edit/bulk-background-remover', 'bulkBackgroundRemover', 'batch', { kind: 'batchTool', featured: true }),
  tool('/batch-edit/bulk-background-changer', 'bulkBackgroundChanger', 'batch', { kind: 'batchTool' }),
  tool('/batch-edit/bulk-image-resizer', 'bulkImageResizer', 'batch', { kind: 'batchTool' }),
  tool('/batch-edit/edit', 'batchEditEditor', 'batch', { kind: 'batchFineTune', listed: false, query: 'pid' }),
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
