import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

const PHOTO = path.resolve('tests/assets/photos/astronaut.jpg');

async function removeBackgroundOf(page: Page, lang = 'en') {
  await page.goto(`/${lang}/tools/background-remover`);
  await page.getByTestId('upload.input').setInputFiles(PHOTO);
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 90_000 });
}

async function downloadAs(page: Page, testId: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), body: await readFile(file!) };
}

/** RGBA of one pixel of an image file. */
async function pixel(body: Buffer, x: number, y: number) {
  const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return { r: data[i], g: data[i + 1], b: data[i + 2], a: data[i + 3], width: info.width, height: info.height };
}

test('removes the background of a real photo and downloads a transparent PNG and a white JPG', async ({ page }) => {
  await removeBackgroundOf(page);
  const png = await downloadAs(page, 'download.png');
  expect(png.name).toBe('astronaut-remove-background.png');
  const corner = await pixel(png.body, 10, 10);
  expect([corner.width, corner.height]).toEqual([512, 512]);
  expect(corner.a).toBeLessThan(10); // background cleared
  expect((await pixel(png.body, 220, 90)).a).toBeGreaterThan(245); // the astronaut's face kept
  expect((await pixel(png.body, 170, 400)).a).toBeGreaterThan(245); // her suit kept

  const jpg = await downloadAs(page, 'download.jpg');
  expect(jpg.name).toBe('astronaut-remove-background.jpg');
  const white = await pixel(jpg.body, 10, 10);
  expect(Math.min(white.r, white.g, white.b)).toBeGreaterThan(245); // JPG gets a white background

  // The cut-out opens in the editor as a cut-outs project on a transparent background, listed at /cutouts.
  await page.getByTestId('result.openInEditor').click();
  await expect(page).toHaveURL(/\/en\/create\/edit\?pid=CUT_/);
  const pid = new URL(page.url()).searchParams.get('pid')!;
  await expect(page.getByTestId('layers.panel').getByRole('option')).toHaveCount(2);
  await page.goto('/en/cutouts');
  await expect(page.getByTestId(`projects.item.${pid}`)).toBeVisible();
});

test('shows the page in Chinese under /zh', async ({ page }) => {
  await page.goto('/zh/tools/background-remover');
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
  await expect(page.locator('h1')).toContainText(/[\u4e00-\u9fff]/);
});

test('a damaged image gets a clear error toast and the page keeps working', async ({ page }) => {
  await page.goto('/en/tools/background-remover');
  await page.getByTestId('upload.input').setInputFiles({ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a jpeg') });
  await expect(page.getByTestId('toast')).toBeVisible();
  await expect(page.getByTestId('toast')).not.toHaveText('');
  await page
    .getByTestId('upload.input')
    .setInputFiles(PHOTO)
    .catch(async () => {
      // After an error the page may show "try again" instead of the picker; start over.
      await page.goto('/en/tools/background-remover');
      await page.getByTestId('upload.input').setInputFiles(PHOTO);
    });
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 90_000 });
});

test('works on a 390 px wide phone screen', async ({ browser }) => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await removeBackgroundOf(phone);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(phone.getByTestId('download.png'))
    .toBeInViewport({ ratio: 0.5 })
    .catch(async () => {
      await phone.getByTestId('download.png').scrollIntoViewIfNeeded();
      await expect(phone.getByTestId('download.png')).toBeInViewport();
    });
  await phone.close();
});
