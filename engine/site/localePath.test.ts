import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../engine/spec/locales';
import { localizePath, splitLocalePath, switchLanguagePath } from './localePath';

describe('splitLocalePath', () => {
  it('keeps a known lower-case prefix as is', () => {
    expect(splitLocalePath('/de/tools/background-remover')).toEqual({
      lang: 'de',
      rest: '/tools/background-remover',
      canonical: '/de/tools/background-remover',
    });
    expect(splitLocalePath('/zh-tw/pricing')).toEqual({ lang: 'zh-tw', rest: '/pricing', canonical: '/zh-tw/pricing' });
  });

  it('accepts every one of the 14 languages', () => {
    for (const lang of LANGUAGES) {
      expect(splitLocalePath(`/${lang}/tools`)).toEqual({ lang, rest: '/tools', canonical: `/${lang}/tools` });
    }
  });

  it('treats a path without prefix as English', () => {
    expect(splitLocalePath('/tools/background-remover')).toEqual({
      lang: 'en',
      rest: '/tools/background-remover',
      canonical: '/en/tools/background-remover',
    });
    expect(splitLocalePath('/ai-replace/ai-clothes-changer').canonical).toBe('/en/ai-replace/ai-clothes-changer');
  });

  it('sends the bare root to English home', () => {
    expect(splitLocalePath('/')).toEqual({ lang: 'en', rest: '/', canonical: '/en' });
    expect(splitLocalePath('')).toEqual({ lang: 'en', rest: '/', canonical: '/en' });
  });

  it('canonicalises a differently-cased known code', () => {
    expect(splitLocalePath('/ZH-TW/tools')).toEqual({ lang: 'zh-tw', rest: '/tools', canonical: '/zh-tw/tools' });
    expect(splitLocalePath('/De').canonical).toBe('/de');
    expect(splitLocalePath('/zh-TW/help').canonical).toBe('/zh-tw/help');
  });

  it('falls back to English for a locale-shaped but unknown segment, dropping it', () => {
    expect(splitLocalePath('/xx/tools')).toEqual({ lang: 'en', rest: '/tools', canonical: '/en/tools' });
    expect(splitLocalePath('/fr-CA/pricing')).toEqual({ lang: 'en', rest: '/pricing', canonical: '/en/pricing' });
    expect(splitLocalePath('/pt-br').canonical).toBe('/en');
  });

  it('does not mistake ordinary first segments for locales', () => {
    expect(splitLocalePath('/ai-background').canonical).toBe('/en/ai-background');
    expect(splitLocalePath('/abc/tools').canonical).toBe('/en/abc/tools');
    expect(splitLocalePath('/e/tools').canonical).toBe('/en/e/tools');
  });

  it('normalises slashes', () => {
    expect(splitLocalePath('/en/tools/')).toEqual({ lang: 'en', rest: '/tools', canonical: '/en/tools' });
    expect(splitLocalePath('/en/')).toEqual({ lang: 'en', rest: '/', canonical: '/en' });
    expect(splitLocalePath('//de//tools').canonical).toBe('/de/tools');
  });

  it('leaves an already canonical path unchanged (no redirect loop)', () => {
    for (const path of ['/en', '/de/tools', '/zh-tw/batch-edit/edit', '/id/404', '/en/no-such-page']) {
      expect(splitLocalePath(path).canonical).toBe(path);
      expect(splitLocalePath(splitLocalePath(path).canonical).canonical).toBe(path);
    }
  });
});

describe('localizePath', () => {
  it('prefixes app paths', () => {
    expect(localizePath('fr', '/tools')).toBe('/fr/tools');
    expect(localizePath('fr', '/')).toBe('/fr');
    expect(localizePath('ja', 'pricing')).toBe('/ja/pricing');
  });

  it('keeps query and hash', () => {
    expect(localizePath('de', '/create/edit?pid=42')).toBe('/de/create/edit?pid=42');
    expect(localizePath('de', '/help#faq')).toBe('/de/help#faq');
    expect(localizePath('de', '/?a=1')).toBe('/de?a=1');
  });
});

describe('switchLanguagePath', () => {
  it('swaps the prefix and keeps the page', () => {
    expect(switchLanguagePath('/en/tools/background-remover', 'zh')).toBe('/zh/tools/background-remover');
    expect(switchLanguagePath('/zh-tw', 'de')).toBe('/de');
    expect(switchLanguagePath('/tools', 'ja')).toBe('/ja/tools');
  });
});
