/**
 * Issue 17 "Done when": 12 real photos dropped on the bulk background remover; the server is stopped and
 * started again mid-batch and the page reloaded; the batch finishes; the ZIP holds every cut-out.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import sharp from 'sharp';
import { OwnTestServer } from '../helpers/ownServer';

const PORT = (Number(process.env.E2E_PORT) || 4180) + 2000; // apart from generative.spec.ts (+3000): the two may run at once
const PHOTOS = ['astronaut', 'chelsea', 'coffee', 'rocket', 'dog', 'eagle', 'giraffe', 'horses', 'kite', 'person'];

let server: OwnTestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A short shutdown grace: the restart mid-batch puts the running photos back on the queue quickly.
  server = await OwnTestServer.start(PORT, { name: 'batch', env: { SHUTDOWN_GRACE_SECONDS: '2' } });
});
test.afterAll(async () => server?.dispose(test.info().status !== test.info().expectedStatus));

/** The 12 photos: ten different ones, and two more of the same names from another folder (duplicates). */
async function twelvePhotos() {
  const files = await Promise.all(
    PHOTOS.map(async (n) => ({ name: `${n}.jpg`, data: (await readFile(path.resolve(`tests/assets/photos/${n}.jpg`))).toString('base64') })),
  );
  const mirrored = await Promise.all(
    ['dog', 'chelsea'].map(async (n) => ({
      name: `${n}.jpg`,
      data: (
        await sharp(path.resolve(`tests/assets/photos/${n}.jpg`))
          .flop()
          .jpeg()
          .toBuffer()
      ).toString('base64'),
    })),
  );
  return [...files, ...mirrored];
}

/** Drops files on the page's drop area the way a browser does (a drop event carrying a DataTransfer). */
async function dropFiles(page: Page, files: Array<{ name: string; data: string }>) {
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name, { type: 'image/jpeg' }));
    return dt;
  }, files);
  const area = page.getByTestId('batch.drop');
  await area.dispatchEvent('dragenter', { dataTransfer: transfer });
  await area.dispatchEvent('drop', { dataTransfer: transfer });
}

test('12 real photos: drop, start, server restart and page reload mid-batch, finish, ZIP of transparent cut-outs', async ({ page }) => {
  test.setTimeout(600_000);
  await page.goto(`${server.base}/en/batch-edit/bulk-background-remover`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bulk background remover');
  await dropFiles(page, await twelvePhotos());
  await expect(page.getByTestId('batch.thumb')).toHaveCount(12);
  await expect(page.getByTestId('batch.count')).toHaveText('Photos: 12 / 100');
  await page.getByTestId('batch.start').click();

  // The batch is on the server: the address names it, and the photos are being processed.
  await expect(page).toHaveURL(/\/en\/batch-edit\?pid=[\w-]+$/, { timeout: 60_000 });
  const pid = new URL(page.url()).searchParams.get('pid')!;
  await expect(page.locator('[data-testid="batch.thumb"][data-status="completed"]').first()).toBeVisible({ timeout: 240_000 });
  const doneBefore = await page.locator('[data-testid="batch.thumb"][data-status="completed"]').count();
  expect(doneBefore).toBeLessThan(12);

  // Mid-batch: the server goes down and comes back; the page is reloaded from its address.
  await server.stop();
  await server.start();
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`pid=${pid}`));
  await expect(page.getByTestId('batch.thumb')).toHaveCount(12);
  await expect(page.getByTestId('batch.progress')).toHaveAttribute('data-done', 'true', { timeout: 420_000 });
  await expect(page.locator('[data-testid="batch.thumb"][data-status="completed"]')).toHaveCount(12);
  await expect(page.getByTestId('batch.progress.label')).toHaveText('Finished: 12 done, 0 failed');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch.downloadZip').click()]);
  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  const names = Object.keys(zip.files)
    .filter((n) => !zip.files[n]!.dir)
    .sort();
  expect(names).toHaveLength(12);
  expect(new Set(names).size).toBe(12); // the two dog.jpg and chelsea.jpg get distinct names
  for (const n of PHOTOS) expect(names.some((name) => name.startsWith(`${n}-nobg`) && name.endsWith('.png'))).toBe(true);
  for (const name of names) {
    const png = await zip.files[name]!.async('nodebuffer');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels, name).toBe(4);
    let opaque = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) opaque++;
    const foreground = opaque / (info.width * info.height);
    expect(foreground, `${name} foreground share`).toBeLessThan(0.9);
    if (!name.startsWith('kite-')) {
      // A cut-out keeps a subject and clears a background: neither nothing nor everything.
      expect(foreground, `${name} foreground share`).toBeGreaterThan(0.01);
      continue;
    }
    // The kite photo's subjects, a kite and two people on a beach, cover under 1 % of it (0.9 % measured;
    // the 1.6 % main gave included a strip of surf). A share cannot tell those apart, so look at the
    // places: both people solid (the one in blue came out 0.60 without the second pass), the surf clear.
    expect([info.width, info.height]).toEqual([512, 341]);
    const meanAlpha = (x0: number, y0: number, x1: number, y1: number) => {
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += data[(y * info.width + x) * 4 + 3]!;
      return sum / 255 / ((x1 - x0) * (y1 - y0));
    };
    expect(meanAlpha(46, 238, 58, 260), 'kite photo: person in blue').toBeGreaterThan(0.75);
    expect(meanAlpha(86, 270, 98, 290), 'kite photo: person in purple').toBeGreaterThan(0.75);
    expect(meanAlpha(330, 250, 470, 300), 'kite photo: surf').toBeLessThan(0.05);
    expect(foreground, `${name} foreground share`).toBeGreaterThan(0.004);
  }
});
