import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const PHOTO = path.resolve('tests/assets/photos/astronaut.jpg');

/**
 * Issue 16, finding 7: the app works under its strict Content-Security-Policy. Every CSP violation the
 * page (or one of its workers) reports is recorded, from `securitypolicyviolation` events and from
 * Chromium's "Refused to …" console messages, and there must be none.
 */
function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|create|frame|compile)/i.test(text)) violations.push(`console: ${text}`);
  });
  void page.exposeFunction('__cspViolation', (text: string) => violations.push(`event: ${text}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
    localStorage.setItem('lumacut.testHandle', '1');
  });
  return violations;
}

test('the home page, a tool page with a real cut-out and the editor record no CSP violation', async ({ page }) => {
  const violations = recordViolations(page);

  const home = await page.goto('/en');
  const csp = home!.headers()['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(home!.headers()['x-frame-options']).toBe('DENY');
  await expect(page.locator('#root')).not.toBeEmpty();

  // A tool page end to end: upload, submit, poll and the result as a blob image, all under the CSP and the
  // cross-site guard (same-origin JSON calls with the device id).
  await page.goto('/en/tools/background-remover');
  await page.getByTestId('upload.input').setInputFiles(PHOTO);
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 90_000 });

  // The editor: WebGL effects, a photo, a sticker, a text in a downloaded font, autosave to the server.
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles(PHOTO);
  await expect.poll(() => page.evaluate(() => window.__editor!.getProject().layers.length)).toBe(2);
  const photoId = await page.evaluate(() => window.__editor!.getProject().layers[1].layerId);
  await page.evaluate((id) => window.__editor!.select([id]), photoId);
  const panel = page.getByTestId('effects.layer');
  await panel.getByTestId('effects.kind.filter').click();
  await panel.getByTestId('effects.filter.category.Film').click();
  await panel.getByTestId('effects.filter.filmSlide').click();
  await panel.getByTestId('effects.kind.outline').click();
  await panel.getByTestId('effects.outline.type.1').click();
  await page.getByTestId('tool.stickers').click();
  await page.getByTestId('sticker-twemoji-1f600').click();
  await page.getByTestId('tool.text').click();
  await expect.poll(() => page.evaluate(() => window.__editor!.getProject().layers.length)).toBe(4);
  await page.getByTestId('props.font').click();
  await page.getByTestId('font-picker').getByRole('searchbox').fill('Pacifico');
  await page.getByTestId('font-option-Pacifico').click();
  await expect
    .poll(() =>
      page.evaluate(() => document.fonts.check('16px Pacifico') || [...document.fonts].some((f) => /Pacifico/.test(f.family) && f.status === 'loaded')),
    )
    .toBe(true);
  await expect(page.getByTestId('save.status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  // Give late reports (workers, lazily loaded fonts) a moment to arrive.
  await page.waitForTimeout(1000);

  expect(violations).toEqual([]);
});
