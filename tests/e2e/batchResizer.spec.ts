/**
 * The bulk image resizer: settings for all (exact size, no aspect, crop, PNG) with one photo's own
 * settings, three real photos picked with the file picker, the results checked in the ZIP; then one result
 * fine-tuned in the editor (/batch-edit/edit) and brought back to the batch.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import JSZip from 'jszip';
import sharp from 'sharp';
import { DEVICE_ID_KEY } from '../../engine/spec/storageKeys';

const photo = (n: string) => path.resolve(`tests/assets/photos/${n}.jpg`);

test('resizes three photos to 300 × 200 PNG, one of them to its own 120 × 120, downloads them as one ZIP, and fine-tunes one in the editor', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/en/batch-edit/bulk-image-resizer');
  await expect(page.getByTestId('batch.pick')).toBeVisible(); // the empty state offers the picker
  await page.getByTestId('batch.input').setInputFiles([photo('astronaut'), photo('coffee'), photo('rocket')]);
  await expect(page.getByTestId('batch.thumb')).toHaveCount(3);

  const all = page.locator('.batch-settings');
  await all.getByTestId('batch.resize.mode.exact').click();
  await all.getByLabel('Width (px)').fill('300');
  await all.getByLabel('Height (px)').fill('200');
  await all.getByLabel('Keep aspect ratio').uncheck();
  await all.getByText('Crop', { exact: true }).click();
  await page.locator('#all-format').selectOption('png');

  await page.getByRole('button', { name: 'Own settings for coffee.jpg' }).click();
  const own = page.getByTestId('batch.override');
  await own.getByLabel('Width (px)').fill('120');
  await own.getByLabel('Height (px)').fill('120');
  await own.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-name="coffee.jpg"]').getByTitle('This photo has its own settings')).toBeVisible();

  await page.getByTestId('batch.start').click();
  await expect(page.getByTestId('batch.progress')).toHaveAttribute('data-done', 'true', { timeout: 120_000 });
  await expect(page.locator('[data-testid="batch.thumb"][data-status="completed"]')).toHaveCount(3);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch.downloadZip').click()]);
  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  const sizes: Record<string, string> = {};
  for (const name of Object.keys(zip.files)) {
    const meta = await sharp(await zip.files[name]!.async('nodebuffer')).metadata();
    sizes[name] = `${meta.format} ${meta.width}x${meta.height}`;
  }
  expect(sizes).toEqual({ 'astronaut-resized.png': 'png 300x200', 'coffee-resized.png': 'png 120x120', 'rocket-resized.png': 'png 300x200' });

  // Fine-tune one result in the editor and bring it back: the photo gets the edited result.
  const astronaut = page.locator('[data-name="astronaut.jpg"]');
  const before = await astronaut.locator('img').getAttribute('src');
  await astronaut.getByRole('link', { name: 'Fine-tune astronaut.jpg in the editor' }).click();
  await expect(page).toHaveURL(/\/en\/batch-edit\/edit\?pid=[^&]+&batch=[^&]+&item=/, { timeout: 60_000 });
  await page.getByTestId('batch.fineTune.use').click();
  await expect(page).toHaveURL(/\/en\/batch-edit\?pid=/, { timeout: 60_000 });
  await expect(page.locator('[data-testid="batch.thumb"][data-status="completed"]')).toHaveCount(3);
  await expect(page.locator('[data-name="astronaut.jpg"] img')).not.toHaveAttribute('src', before!);
});

test('a reload before every photo is uploaded loses none: the rest upload into the resumed batch and all are resized', async ({ page }) => {
  test.setTimeout(240_000);
  const names = ['astronaut', 'chelsea', 'coffee', 'rocket', 'dog', 'eagle', 'giraffe', 'horses', 'kite', 'person'];
  // The first upload request goes through; the later ones are held and never reach the server: the reload
  // cancels them (the route stays, so nothing lets them through afterwards).
  let sent = 0;
  let hold = true;
  await page.route('**/api/batch/*/items', async (route) => {
    if (!hold || route.request().method() !== 'POST' || sent++ === 0) return route.continue();
    await new Promise(() => undefined);
  });
  await page.goto('/en/batch-edit/bulk-image-resizer');
  await page.getByTestId('batch.input').setInputFiles(names.map(photo));
  await expect(page.getByTestId('batch.thumb')).toHaveCount(10);
  const all = page.locator('.batch-settings');
  await all.getByTestId('batch.resize.mode.exact').click();
  await all.getByLabel('Width (px)').fill('64');
  await all.getByLabel('Height (px)').fill('64');
  await all.getByLabel('Keep aspect ratio').uncheck();
  await page.getByTestId('batch.start').click();
  await expect(page).toHaveURL(/\/en\/batch-edit\?pid=[\w-]+$/, { timeout: 60_000 });
  const pid = new URL(page.url()).searchParams.get('pid')!;
  // Some photos reached the server, the others wait in the browser (IndexedDB) for their upload; each photo
  // is in exactly one of the two places (an uploaded one leaves the browser's store when its reply lands).
  const onServer = async () => (await (await page.request.get(`/api/batch/${pid}`, { headers: await deviceHeaders() })).json()).data.counts.total as number;
  const kept = () => keptInBrowser(page, pid);
  await expect
    .poll(async () => [(await onServer()) > 0, (await kept()) > 0, (await onServer()) + (await kept())], { timeout: 60_000 })
    .toEqual([true, true, 10]);

  hold = false;
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`pid=${pid}`));
  await expect(page.getByTestId('batch.thumb')).toHaveCount(10);
  await expect(page.getByTestId('batch.progress')).toHaveAttribute('data-done', 'true', { timeout: 120_000 });
  await expect(page.locator('[data-testid="batch.thumb"][data-status="completed"]')).toHaveCount(10);
  expect(await kept()).toBe(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch.downloadZip').click()]);
  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  expect(Object.keys(zip.files).sort()).toEqual(names.map((n) => `${n}-resized.jpg`).sort());
  for (const name of Object.keys(zip.files)) expect((await sharp(await zip.files[name]!.async('nodebuffer')).metadata()).width).toBe(64);

  /** The page's own device id header (the batch is the device's). */
  async function deviceHeaders(): Promise<Record<string, string>> {
    return page.evaluate((key) => ({ 'x-device-id': localStorage.getItem(key) ?? '' }), DEVICE_ID_KEY);
  }
});

test('"New batch" forgets the photos an abandoned batch kept in the browser for a reload', async ({ page }) => {
  test.setTimeout(180_000);
  // No upload request ever answers, so every photo stays kept in IndexedDB for a reload.
  await page.route('**/api/batch/*/items', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise(() => undefined);
  });
  await page.goto('/en/batch-edit/bulk-image-resizer');
  await page.getByTestId('batch.input').setInputFiles(['astronaut', 'chelsea', 'coffee', 'rocket', 'dog', 'eagle'].map(photo));
  await expect(page.getByTestId('batch.thumb')).toHaveCount(6);
  await page.getByTestId('batch.start').click();
  await expect(page).toHaveURL(/\/en\/batch-edit\?pid=[\w-]+$/, { timeout: 60_000 });
  const pid = new URL(page.url()).searchParams.get('pid')!;
  const kept = () => keptInBrowser(page, pid);
  await expect.poll(kept, { timeout: 60_000 }).toBe(6);

  // Cancelled, then thrown away: nothing will ever resume this batch, so its kept photos go.
  await page.getByTestId('batch.cancel').click();
  expect(await kept()).toBe(6);
  await page.getByRole('button', { name: 'New batch' }).click();
  await expect(page).not.toHaveURL(/pid=/);
  await expect.poll(kept, { timeout: 10_000 }).toBe(0);
});

/** How many photos of batch `batchId` the page keeps in IndexedDB for a reload (src/batch/pendingPhotos.ts). */
function keptInBrowser(page: Page, batchId: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('lumacut-batch-pending');
        open.onsuccess = () => {
          const request = open.result.transaction('photos').objectStore('photos').index('batchId').count(id);
          request.onsuccess = () => resolve(request.result);
        };
      }),
    batchId,
  );
}

test('a marketplace preset defaults to Fit on white, a social one to Crop; preset names are translated (issue 29)', async ({ page }) => {
  await page.goto('/de/batch-edit/bulk-image-resizer');
  await page.getByTestId('batch.input').setInputFiles([photo('coffee')]);
  await expect(page.getByTestId('batch.thumb')).toHaveCount(1);
  const all = page.locator('.batch-settings');
  await all.getByTestId('batch.resize.mode.preset').click();
  await all.getByTestId('batch.resize.preset.shopify').click();
  await expect(all.getByTestId('batch.resize.preset.shopify')).toHaveText('Shopify-Produkt');
  await expect(all.getByTestId('batch.resize.presetSize')).toHaveText('Shopify-Produkt · 2048 × 2048 px');
  const fit = all.locator('input[type="radio"][value="fit"]');
  await expect(fit).toBeChecked();
  await all.getByTestId('batch.resize.preset.instagram-square').click();
  await expect(all.locator('input[type="radio"][value="crop"]')).toBeChecked();
  await expect(all.getByTestId('batch.resize.presetSize')).toHaveText('Instagram-Beitrag (quadratisch) · 1080 × 1080 px');
});

test('the sidebar shows every choice whole at 1280 and 390 px, in the languages with the longest labels (issue 29 item 12)', async ({ page }) => {
  for (const lang of ['en', 'de', 'es', 'th']) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${lang}/batch-edit/bulk-image-resizer`);
      const all = page.locator('.batch-settings');
      await all.getByTestId('batch.resize.mode.preset').click();
      // Every format a select can show fits its box: the text, measured in the select's own font, within its
      // width less padding and chevron (a native select never wraps: a longer text is cut off).
      const format = all.locator('select');
      await expect(format).toHaveCount(1);
      for (const value of await format.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) {
        await format.selectOption(value);
        const room = await format.evaluate((select: HTMLSelectElement) => {
          const style = getComputedStyle(select);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = select.options[select.selectedIndex].text;
          return { text, needs: context.measureText(text).width, has: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
        });
        expect(room.needs, `${lang} ${width}px: "${room.text}"`).toBeLessThanOrEqual(room.has);
      }
      // The modes and presets are chips that wrap: none runs past its own box or the card.
      const card = (await all.boundingBox())!;
      for (const chip of await all.locator('.chip').all()) {
        const { scroll, client } = await chip.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(scroll, `${lang} ${width}px: ${await chip.textContent()}`).toBeLessThanOrEqual(client);
        const box = (await chip.boundingBox())!;
        expect(box.x + box.width, `${lang} ${width}px: ${await chip.textContent()}`).toBeLessThanOrEqual(card.x + card.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${width}px: no sideways scroll`).toBeLessThanOrEqual(width);
    }
  }
});
