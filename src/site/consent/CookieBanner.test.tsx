import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { COOKIE_CONFIRMATION_KEY } from '../../../engine/spec/storageKeys';
import { renderAtPath } from '../../../tests/helpers/renderAtPath';
import { CookieBanner } from './CookieBanner';
import { resetConsent, statisticsAllowed } from './consent';

describe('CookieBanner', () => {
  beforeEach(() => localStorage.removeItem(COOKIE_CONFIRMATION_KEY));
  afterEach(() => localStorage.removeItem(COOKIE_CONFIRMATION_KEY));

  test('asks until the visitor answers; "Essential only" hides it, is remembered, and allows no statistics', async () => {
    const screen = await renderAtPath('/fr/tools', <CookieBanner />);
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    await expect.element(banner).toBeVisible();
    // The policy link stays in the page's language.
    await expect.element(banner.getByRole('link', { name: 'Read the cookies policy' })).toHaveAttribute('href', '/fr/cookies-policy');
    await userEvent.click(banner.getByRole('button', { name: 'Essential only' }));
    await expect.element(banner).not.toBeInTheDocument();
    expect(localStorage.getItem(COOKIE_CONFIRMATION_KEY)).toBe('essential');
    expect(statisticsAllowed()).toBe(false);
  });

  test('"Accept all" allows statistics; a stored answer is not asked again; "Cookie settings" asks again', async () => {
    const first = await renderAtPath('/en', <CookieBanner />);
    await userEvent.click(first.getByRole('button', { name: 'Accept all' }));
    expect(statisticsAllowed()).toBe(true);
    first.unmount();

    const again = await renderAtPath('/en', <CookieBanner />);
    await expect.element(again.getByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    // The footer's "Cookie settings" forgets the answer: the banner comes back without a reload.
    resetConsent();
    await expect.element(again.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    expect(statisticsAllowed()).toBe(false);
  });
});
