/**
 * The generative tools on a server with no generation server configured (the shared e2e server has no
 * COMFYUI_URL): every page stays visible, says plainly that the generation server is not configured, and links
 * to the README section on running ComfyUI, which the web app serves beside itself.
 */
import { expect, test } from '@playwright/test';

const PAGES = [
  { path: '/ai-image-generator', page: 'page.aiImageGenerator' },
  { path: '/ai-image-generator/create', page: 'page.aiImageGeneratorCreate' },
  { path: '/image-to-image-ai', page: 'page.imageToImage' },
  { path: '/image-to-image-ai/create', page: 'page.imageToImageCreate' },
  { path: '/ai-replace', page: 'page.aiReplace' },
  { path: '/ai-replace/ai-clothes-changer', page: 'page.aiClothesChanger' },
  { path: '/ai-replace/ai-virtual-try-on-product', page: 'page.aiVirtualTryOn' },
  { path: '/ai-replace/background-replacer', page: 'page.backgroundReplacer' },
  { path: '/tools/photo-colorizer', page: 'page.colorize' },
];

for (const { path, page: testId } of PAGES) {
  test(`${path} explains that no generation server is configured and links to the help page`, async ({ page }) => {
    await page.goto(`/en${path}`);
    await expect(page.getByTestId(testId)).toBeVisible();
    const notice = page.getByTestId('gen.notConfigured');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('The generation server is not configured');
    await expect(notice).toContainText('ComfyUI');
    await expect(page.getByTestId('gen.readmeLink')).toHaveAttribute('href', '/en/help#generator');
  });
}

test('/ai-background: the scene library still works here; scenes from a description or a picture say the server is missing', async ({ page }) => {
  await page.goto('/en/ai-background');
  await expect(page.getByTestId('page.aiBackground')).toBeVisible();
  await expect(page.getByTestId('gen.notConfigured')).toHaveCount(0);
  await page.getByTestId('aiBackground.source.prompt').click();
  await expect(page.getByTestId('gen.notConfigured')).toBeVisible();
  await page.getByTestId('aiBackground.source.image').click();
  await expect(page.getByTestId('gen.notConfigured')).toBeVisible();
  await expect(page.getByTestId('gen.readmeLink')).toHaveAttribute('href', '/en/help#generator');
});

test('a German visitor reads the notice in German; its link opens the rendered help answer, not raw Markdown (issue 29)', async ({ page, request }) => {
  await page.goto('/de/ai-replace/ai-clothes-changer');
  await expect(page.getByTestId('gen.notConfigured')).toContainText('Der Generierungsserver ist nicht eingerichtet');
  // The operator's README is still served beside the app, with its section.
  const readme = await request.get('/README.md');
  expect(readme.ok()).toBe(true);
  expect(await readme.text()).toMatch(/^## Running ComfyUI/m);
  await page.getByTestId('gen.readmeLink').click();
  await expect(page).toHaveURL(/\/de\/help#generator$/);
  const answer = page.getByTestId('help.q.generator');
  await expect(answer).toHaveAttribute('open', '');
  await expect(answer).toContainText('COMFYUI_URL');
  await expect(page.locator('body')).not.toContainText('## Running ComfyUI');
});

test('without a generation server the Generate button is disabled and says why (issue 29)', async ({ page }) => {
  await page.goto('/en/ai-replace/ai-virtual-try-on-product');
  await page.getByTestId('gen.image.photo.input').setInputFiles('tests/assets/photos/astronaut.jpg');
  await page.getByTestId('gen.image.reference.input').setInputFiles('tests/assets/photos/coffee.jpg');
  await expect(page.getByTestId('generate.unavailable')).toHaveText('Not available on this site: no image generation server is connected.');
  await expect(page.getByTestId('generate.submit')).toBeDisabled();
  await page.goto('/en/tools/photo-colorizer');
  await expect(page.getByTestId('colorize.submit')).toBeDisabled();
  await expect(page.getByTestId('generate.unavailable')).toBeVisible();
});

test('the tools index, the header menu and the home page lead to the generative tools', async ({ page }) => {
  await page.goto('/en/tools');
  for (const name of ['AI image generator', 'Image-to-image AI', 'AI clothes changer', 'AI virtual try-on', 'Background replacer', 'Colourise old photos']) {
    await expect(page.getByTestId('tool.card').filter({ hasText: name }).first()).toBeVisible();
  }
  await page.goto('/en');
  await page.getByTestId('nav.toolsMenu').click();
  const menu = page.getByTestId('nav.toolsPanel');
  for (const path of ['/ai-image-generator', '/image-to-image-ai', '/ai-replace/ai-clothes-changer', '/tools/photo-colorizer']) {
    await expect(menu.locator(`a[href="/en${path}"]`)).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('tool.card').filter({ hasText: 'Image-to-image AI' }).first().click();
  await expect(page).toHaveURL(/\/en\/image-to-image-ai$/);
  await page.getByTestId('gen.toCreate').click();
  await expect(page.getByTestId('page.imageToImageCreate')).toBeVisible();
});

test('on a phone the generator fits the screen: no sideways scrolling, the prompt and Generate in reach', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/ai-image-generator/create');
  await expect(page.getByTestId('generate.prompt')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await page.getByTestId('generate.submit').boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
});
