import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInWithCode } from '../helpers/emailCode';

const OUT = path.resolve('bench/tools/screenshots');
const PHOTO = path.resolve('tests/assets/photos/astronaut.jpg');
const WIDTHS = [1280, 390] as const;
const height = (width: number) => (width > 600 ? 800 : 844);

/** The window as a palette PNG (well under 400 KB). */
async function save(page: Page, name: string) {
  const shot = await page.screenshot({ fullPage: false });
  await sharp(shot).png({ palette: true, quality: 85, compressionLevel: 9 }).toFile(path.join(OUT, name));
}

/** A returning visitor: the cookie question is answered, so the banner is not in the picture. */
async function answerCookies(page: Page) {
  await page.goto('/en');
  await page.getByTestId('cookie.essential').click();
}

test.describe('issue 29 item 12 screenshots', () => {
  test.skip(!process.env.SHOTS, 'SHOTS is not set');
  test.setTimeout(420_000);

  test('background changer with a result', async ({ page }) => {
    await answerCookies(page);
    await page.setViewportSize({ width: 1280, height: height(1280) });
    await page.goto('/en/tools/background-changer');
    await page.getByTestId('upload.input').setInputFiles(PHOTO);
    await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 300_000 });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: height(width) });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByTestId('result.image')).toBeInViewport();
      await save(page, `changer-${width}.png`);
    }
  });

  test('test checkout page, reached from Pricing while signed in', async ({ page }) => {
    await answerCookies(page);
    const email = `shots-${Date.now()}@example.org`;
    await signInWithCode(page, email);
    await page.evaluate(() => localStorage.setItem('collectGuideGift', 'GIFTED'));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: height(width) });
      await page.goto('/en/pricing');
      await page.getByTestId('pack.buy.credits-20').click();
      await expect(page.getByText('TEST PAYMENT — no money moves.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay (test)' })).toBeInViewport();
      await save(page, `checkout-${width}.png`);
    }
  });
});
