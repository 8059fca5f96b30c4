/**
 * Rendering a page or a panel in a unit test, the way a visitor's first load gets it: server-rendered
 * markup (no browser, no network, no effects run), with the app's strings in the chosen language.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll } from 'vitest';
import type { Language } from '../../engine/spec/locales';
import { ToastProvider } from '../../src/components/ToastProvider';
import { initI18n } from '../../src/i18n';

/** The HTML of `element` inside the router and the toast provider the app wraps every page in. */
export function renderMarkup(element: ReactElement): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(ToastProvider, null, element)));
}

/** The file's tests start in English, and the file leaves the strings in English for the next one. */
export function startInEnglish(): void {
  beforeAll(async () => {
    await initI18n('en').changeLanguage('en');
  });
  afterAll(async () => {
    await initI18n('en').changeLanguage('en');
  });
}

/** Runs `body` with the strings of `lang`, back in English afterwards, also when it fails. */
export async function inLanguage<T>(lang: Language, body: () => T | Promise<T>): Promise<T> {
  const i18n = initI18n('en');
  await i18n.changeLanguage(lang);
  try {
    return await body();
  } finally {
    await i18n.changeLanguage('en');
  }
}
