import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { inLanguage } from '../../tests/helpers/renderMarkup';
import { OfflineNotice, OfflineNoticeView, subscribeConnectivity } from './OfflineNotice';

describe('OfflineNotice (SPEC §5)', () => {
  it('shows the login-network error text in a polite live region while offline', async () => {
    const html = await inLanguage('de', () => renderToStaticMarkup(createElement(OfflineNoticeView, { offline: true })));
    expect(html).toMatch(/^<div role="status" aria-live="polite"/);
    expect(html).toContain(`>${initI18n('en').getFixedT('de')('text.loginErrorNetwork')}</p>`);
  });

  it('keeps the empty live region in the page while online', () => {
    initI18n('en');
    expect(renderToStaticMarkup(createElement(OfflineNoticeView, { offline: false }))).toBe(
      '<div role="status" aria-live="polite" data-testid="offline-notice"></div>',
    );
  });

  it('assumes online when rendered without a browser', () => {
    expect(renderToStaticMarkup(createElement(OfflineNotice))).not.toContain('<p');
  });

  it('follows online and offline events until unsubscribed', () => {
    const target = new EventTarget();
    const onChange = vi.fn();
    const unsubscribe = subscribeConnectivity(target as unknown as Window, onChange);
    target.dispatchEvent(new Event('offline'));
    target.dispatchEvent(new Event('online'));
    expect(onChange).toHaveBeenCalledTimes(2);
    unsubscribe();
    target.dispatchEvent(new Event('offline'));
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
