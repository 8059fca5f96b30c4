/**
 * A prompt-taking tool end to end: the AI image generator's prompt goes through the task flow's text
 * review and translation (language detection on the server, Debian Apertium for Spanish), then to
 * the generation service, which this test server does not have (no ComfyUI): the page shows what
 * the prompt became and says why no picture can be made. A Chinese prompt has no translator here.
 */
import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/en/ai-image-generator');
  await expect(page.getByTestId('page.aiImageGenerator')).toBeVisible();
});

test('a Spanish prompt is translated to English, shown, and sent on; without a generation server the page says so', async ({ page }) => {
  await page.getByTestId('generate.prompt').fill('un gato negro en la nieve');
  await page.getByTestId('generate.submit').click();
  const translated = page.getByTestId('generate.translated');
  await expect(translated).toContainText('Translated from Spanish');
  await expect(translated.locator('blockquote')).toHaveText(/cat/i);
  await expect(translated.locator('blockquote')).toHaveText(/snow/i);
  const error = page.getByTestId('generate.error');
  await expect(error).toHaveAttribute('data-code', '1000003');
  await expect(error).toContainText('generation server');
});

test('a Chinese prompt is refused with "translation unavailable" (1010203) when no translator covers Chinese', async ({ page }) => {
  await page.getByTestId('generate.prompt').fill('一只在雪地里的黑猫');
  await page.getByTestId('generate.submit').click();
  const error = page.getByTestId('generate.error');
  await expect(error).toHaveAttribute('data-code', '1010203');
  await expect(error).toContainText("Translation isn't available for this language");
  await expect(page.getByTestId('generate.translated')).toHaveCount(0);
  await expect(page.getByTestId('generate.retry')).toBeVisible();
});

test('a prompt with a listed word is refused by the text review (1010202) before anything is sent', async ({ page }) => {
  const submits: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/api/task/')) submits.push(request.url()); });
  await page.getByTestId('generate.prompt').fill('a fucking cat in the snow');
  await page.getByTestId('generate.submit').click();
  await expect(page.getByTestId('generate.error')).toHaveAttribute('data-code', '1010202');
  expect(submits).toEqual([]);
});
