import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../../engine/site/routes';
import { saveConsent, resetConsent } from '../consent/consent';
import { PAGE_NAME_KEYS, PAGE_TYPES, pageNameOf, pageTypeOf } from './pageKeys';
import { consoleSink, setAnalyticsSink, track, type PageViewEvent } from './sink';

/** A Map-backed localStorage, as a browser would have. */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('page-name keys and page types (SPEC §2)', () => {
  it('derives every SPEC page-name key from a real route', () => {
    const names = new Set(ROUTES.map((route) => pageNameOf(route.path)));
    for (const key of PAGE_NAME_KEYS) expect(names, key).toContain(key);
  });

  it('names pages by route, with sub-pages under their parent', () => {
    expect(pageNameOf('/')).toBe('main');
    expect(pageNameOf('/create/edit')).toBe('create');
    expect(pageNameOf('/tools/magic-eraser-with-ai-detection')).toBe('ai-elimination');
    expect(pageNameOf('/ai-image-generator/create')).toBe('ai-image-generator');
    expect(pageNameOf('/tools/id-photo-edit')).toBe('id-photo-maker');
    expect(pageNameOf('/help')).toBe('none');
    expect(pageNameOf('/project-x')).toBe('none');
  });

  it('keeps a page-type record only for the eight SPEC page types', () => {
    const types = new Set(ROUTES.map((route) => pageTypeOf(route.path)).filter(Boolean));
    expect([...types].sort()).toEqual([...PAGE_TYPES].sort());
    expect(pageTypeOf('/tools/magic-eraser-with-ai-detection')).toBeNull();
    expect(pageTypeOf('/create/edit')).toBe('create');
  });
});

describe('analytics sink and cookie consent', () => {
  const event: PageViewEvent = { event: 'page_view', pageName: 'main', pageType: null, path: '/', lang: 'en' };
  let storage: ReturnType<typeof fakeStorage>;
  let previous: ReturnType<typeof setAnalyticsSink>;
  beforeEach(() => {
    storage = fakeStorage();
    vi.stubGlobal('localStorage', storage);
    previous = setAnalyticsSink(consoleSink);
  });
  afterEach(() => {
    setAnalyticsSink(previous);
    vi.unstubAllGlobals();
  });

  it('sends nothing before the visitor answered or after "Essential only"', () => {
    const seen: PageViewEvent[] = [];
    setAnalyticsSink((e) => seen.push(e));
    expect(track(event)).toBe(false);
    saveConsent('essential');
    expect(storage.items.get('cookieConfirmation')).toBe('essential');
    expect(track(event)).toBe(false);
    expect(seen).toEqual([]);
    // The client id is a statistics key: not made without consent.
    expect(storage.items.has('clientId')).toBe(false);
  });

  it('sends page views to the plugged-in sink after "Accept all", and stops after a reset', () => {
    const seen: PageViewEvent[] = [];
    setAnalyticsSink((e) => seen.push(e));
    saveConsent('all');
    expect(track(event)).toBe(true);
    expect(track(event)).toBe(true);
    // Each view carries the same client id (SPEC §3), 32 hex characters kept under clientId.
    const id = storage.items.get('clientId');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(seen).toEqual([
      { ...event, clientId: id },
      { ...event, clientId: id },
    ]);
    resetConsent();
    expect(storage.items.has('cookieConfirmation')).toBe(false);
    expect(track(event)).toBe(false);
  });

  it('writes one console line by default and survives a broken sink', () => {
    saveConsent('all');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    track(event);
    expect(info).toHaveBeenCalledWith('[analytics]', JSON.stringify({ ...event, clientId: storage.items.get('clientId') }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setAnalyticsSink(() => {
      throw new Error('down');
    });
    expect(() => track(event)).not.toThrow();
    expect(warn).toHaveBeenCalled();
    info.mockRestore();
    warn.mockRestore();
  });
});
