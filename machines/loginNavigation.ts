import { MOBILE_BREAKPOINT_PX, PAGE_RELOAD_GUARD_MS } from '../engine/spec/limits';

export type AfterLogin = { kind: 'reload' } | { kind: 'navigate'; to: string } | { kind: 'stay' };

const AUTH_PAGES = new Set(['log-in', 'sign-up']);

/** The page of a localised path: `/de/tools/x` → `tools/x`, `/en` → ``. */
export function pageOf(path: string): string {
  return path.replace(/^\/[a-z]{2}(-[a-z]{2})?(?=\/|$)/i, '').replace(/^\/+|\/+$/g, '');
}

const isToolOrEditor = (page: string): boolean =>
  /^(tools\/|create(\/|$)|project$|cutouts$|batch-edit\/|ai-image-generator\/create|image-to-image-ai\/create|ai-replace\/)/.test(page);

/** True for the log-in and sign-up pages (`/de/log-in`). */
export const isAuthPage = (path: string): boolean => AUTH_PAGES.has(pageOf(path));
/** True for a page where the user works on a photo (a tool, the editor, a batch): the page to return to after a purchase. */
export const isWorkPage = (path: string): boolean => isToolOrEditor(pageOf(path));

/**
 * The navigation rules of SPEC §2 after login or sign-up:
 * - on the log-in or sign-up page: back to the previous page; if that was log-in or sign-up too,
 *   or there is none, to create (home below 768 px);
 * - elsewhere the page reloads, except on tool and editor pages or when `suppressRefresh`;
 * - the reload guard: no second reload within 10 s of the last.
 */
export function navigationAfterLogin(input: {
  path: string;
  previousPath: string | null;
  lang: string;
  screenWidth: number;
  suppressRefresh?: boolean;
  lastReloadAt?: number | null;
  now: number;
}): AfterLogin {
  const page = pageOf(input.path);
  if (AUTH_PAGES.has(page)) {
    const previous = input.previousPath ? pageOf(input.previousPath) : null;
    if (previous !== null && !AUTH_PAGES.has(previous)) return { kind: 'navigate', to: input.previousPath! };
    const to = previous !== null && input.screenWidth < MOBILE_BREAKPOINT_PX ? `/${input.lang}` : `/${input.lang}/create`;
    return { kind: 'navigate', to };
  }
  if (input.suppressRefresh || isToolOrEditor(page)) return { kind: 'stay' };
  if (input.lastReloadAt != null && input.now - input.lastReloadAt < PAGE_RELOAD_GUARD_MS) return { kind: 'stay' };
  return { kind: 'reload' };
}
