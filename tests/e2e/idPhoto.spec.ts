/**
 * The ID photo maker in Chromium against the real server and models (issue 18 "Done when"): a real
 * portrait becomes a US passport photo (600×600 px, 300 dpi, ≤ 240 kB, white, head and top margin
 * measured inside the band), then a Chinese one (390×567 px, white); the edit page shows the band,
 * moves the head and exports; the project is listed with IDP_ in its id. Bad photos get their
 * message and cost no credit.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { inBand } from '../../engine/idphoto/template';
import { findIdPhotoTemplate } from '../../engine/idphoto/templates';
import { measureIdPhoto } from '../../server/src/idphoto/measureOutput';

const PORTRAIT = path.resolve('tests/assets/portraits/portrait-a.jpg');

async function download(page: Page, testId: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFile((await file.path())!);
}

async function expectIdPhoto(body: Buffer, templateId: string) {
  const t = findIdPhotoTemplate(templateId)!;
  const meta = await sharp(body).metadata();
  expect([meta.format, meta.width, meta.height, meta.density]).toEqual(['jpeg', t.pixelWidth, t.pixelHeight, 300]);
  const m = await measureIdPhoto(body, '#FFFFFF');
  expect(inBand(m.headPercent, t.headPercent, 1), `head ${m.headPercent}`).toBe(true);
  expect(inBand(m.topPercent, t.topPercent, 1), `top ${m.topPercent}`).toBe(true);
  for (const c of m.cornerColor) expect(c).toBeGreaterThanOrEqual(249); // white background
  return m;
}

/** The visitor's credit balance, asked from the server with this browser's device id. */
const balance = (page: Page) =>
  page.evaluate(async () => {
    const reply = await fetch('/api/credits/balance', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': localStorage.getItem('deviceId') ?? '' },
      body: '{}',
    });
    return JSON.stringify((await reply.json()).data);
  });

test('US passport, then Chinese passport, then edit, export and find the IDP_ project', async ({ page }) => {
  test.setTimeout(420_000);
  await page.goto('/en');
  await page.locator('a[href="/en/tools/id-photo-maker"]:visible').first().click();
  await expect(page.getByTestId('page.idPhotoMaker')).toBeVisible();
  await expect(page.getByTestId('idphoto.tips')).toBeVisible();
  await expect(page.getByTestId('idphoto.selected')).toHaveText('United States · Passport');
  await expect(page.getByTestId('idphoto.noRetouch')).toBeVisible();

  await page.getByTestId('upload.input').setInputFiles(PORTRAIT);
  await expect(page.getByTestId('idphoto.result')).toHaveAttribute('data-template', 'us-passport', { timeout: 180_000 });
  const us = await download(page, 'idphoto.download');
  expect(us.length).toBeLessThanOrEqual(240_000);
  await expectIdPhoto(us, 'us-passport');

  // Search finds the Chinese passport; picking it redoes the photo from the same file.
  await page.getByTestId('idphoto.search').fill('china passport');
  await page.getByTestId('idphoto.template.cn-passport').click();
  await expect(page.getByTestId('idphoto.selected')).toHaveText('China · Passport');
  await expect(page.getByTestId('idphoto.result')).toHaveAttribute('data-template', 'cn-passport', { timeout: 180_000 });
  const cn = await download(page, 'idphoto.download');
  const before = await expectIdPhoto(cn, 'cn-passport');

  // Edit: the band is drawn, a smaller head is a new photo, export and save.
  await page.getByTestId('idphoto.edit').click();
  await expect(page).toHaveURL(/\/en\/tools\/id-photo-edit\?pid=PROJ_IDP_/);
  const pid = new URL(page.url()).searchParams.get('pid')!;
  await expect(page.getByTestId('idphoto.edit.result')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('idphoto.band')).toBeVisible();
  const firstKey = await page.getByTestId('idphoto.edit.result').getAttribute('data-key');
  await page.getByTestId('idphoto.edit.zoom').fill('0');
  await page.getByTestId('idphoto.edit.vertical').fill('100');
  await expect(page.getByTestId('idphoto.edit.result')).not.toHaveAttribute('data-key', firstKey!, { timeout: 180_000 });
  await expect(page.getByTestId('idphoto.edit.result')).toBeVisible({ timeout: 180_000 });
  const edited = await download(page, 'idphoto.edit.export');
  const after = await expectIdPhoto(edited, 'cn-passport');
  expect(after.headPercent).toBeLessThan(before.headPercent - 1); // the head moved: smaller
  expect(after.topPercent).toBeGreaterThan(before.topPercent); // and lower
  await page.getByTestId('idphoto.edit.save').click();
  await expect(page.getByTestId('idphoto.edit.save')).toBeDisabled();

  // My projects lists it with IDP_ in its id and opens it in the ID photo editor.
  await page.goto('/en/project');
  await expect(page.getByTestId(`projects.item.${pid}`)).toBeVisible();
  expect(pid).toContain('IDP_');
  await page.getByTestId(`projects.item.${pid}`).getByTestId('projects.open').click();
  await expect(page.getByTestId('page.idPhotoEdit')).toHaveAttribute('data-pid', pid);
});

test('bad photos get their message and cost nothing', async ({ page }, info) => {
  test.setTimeout(420_000);
  const astronaut = path.resolve('tests/assets/photos/astronaut.jpg');
  const cutTop = info.outputPath('cut-top.jpg');
  await sharp(astronaut).extract({ left: 0, top: 30, width: 512, height: 482 }).jpeg().toFile(cutTop);
  const tiny = info.outputPath('tiny.jpg');
  await sharp(astronaut).resize(120, 120).jpeg().toFile(tiny);
  const cases: [string, string][] = [
    [path.resolve('tests/assets/photos/coffee.jpg'), 'noFace'],
    [path.resolve('tests/assets/portraits/group-sample6.jpg'), 'severalFaces'],
    [cutTop, 'headAtTop'],
    [tiny, 'photoTooSmall'],
  ];
  await page.goto('/en/tools/id-photo-maker');
  for (const [file, problem] of cases) {
    const credits = await balance(page);
    await page.getByTestId('upload.input').setInputFiles(file);
    await expect(page.getByTestId('idphoto.problem')).toHaveAttribute('data-problem', problem, { timeout: 180_000 });
    await expect(page.getByTestId('idphoto.problem')).toContainText('No credit was used');
    // The failed task was refunded: the balance is what it was before.
    expect(await balance(page), problem).toBe(credits);
    await page.getByTestId('idphoto.newPhoto').click();
  }
});
