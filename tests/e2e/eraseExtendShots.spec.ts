/**
 * Screenshots for issue 26 (not a check: it runs only when asked): a large object erased beside a similar one, and a
 * 16:9 extension, each at 1280 px and 390 px wide, saved small under bench/tools/screenshots/.
 *   BENCH_LONG_SIDE=800 node --import tsx bench/tools/shotComposite.ts tuning large tp-cementmixer /tmp/shot.png  # prints the box
 *   SHOT_PHOTO=/tmp/shot.png SHOT_BOX=411,142,297,303 E2E_PORT=4260 npx playwright test tests/e2e/eraseExtendShots.spec.ts
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

const photoFile = process.env.SHOT_PHOTO;
const box = (process.env.SHOT_BOX ?? '').split(',').map(Number);
const out = path.resolve('bench/tools/screenshots');
const WIDTHS = [1280, 390] as const;

async function save(page: Page, name: string) {
  const shot = await page.screenshot({ fullPage: false });
  await sharp(shot).resize({ width: 640, withoutEnlargement: true }).png({ compressionLevel: 9, palette: true }).toFile(path.join(out, name));
}

test.describe('issue 26 screenshots', () => {
  test.skip(!photoFile || box.length !== 4, 'SHOT_PHOTO and SHOT_BOX are not set');
  test.setTimeout(600_000);

  for (const width of WIDTHS) {
    test(`large object erased beside a similar one at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await page.goto('/en/tools/magic-eraser-with-ai-detection');
      await page.getByTestId('upload.input').setInputFiles(photoFile!);
      const canvas = page.getByTestId('mask.canvas');
      await expect(canvas).toBeVisible();
      await page.getByTestId('eraser.brushSize').fill('60');
      await canvas.scrollIntoViewIfNeeded();
      const meta = await sharp(photoFile!).metadata();
      const b = (await canvas.boundingBox())!;
      const sx = b.width / meta.width!,
        sy = b.height / meta.height!;
      const [x, y, w, h] = box;
      // Rows 24 photo px apart over the object's box, a brush of 60 px: every pixel of it is painted.
      for (let yy = y + 6; yy <= y + h; yy += 24) {
        await page.mouse.move(b.x + (x + 2) * sx, b.y + yy * sy);
        await page.mouse.down();
        await page.mouse.move(b.x + (x + w - 2) * sx, b.y + yy * sy, { steps: 8 });
        await page.mouse.up();
      }
      await page.getByTestId('eraser.erase').click();
      await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 540_000 });
      await expect(page.getByTestId('eraser.filledBy')).toBeVisible();
      await page.getByTestId('result.image').scrollIntoViewIfNeeded();
      await save(page, `erase-beside-similar-${width}.png`);
    });

    test(`16:9 extension at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await page.goto('/en/tools/ai-image-extender');
      await page.getByTestId('upload.input').setInputFiles(path.resolve('tests/assets/photos/chelsea.jpg'));
      await page.getByTestId('extender.ratio.16:9').click();
      await page.getByTestId('extender.run').click();
      await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 540_000 });
      await page.getByTestId('result.image').scrollIntoViewIfNeeded();
      await save(page, `extend-16x9-${width}.png`);
    });
  }
});
