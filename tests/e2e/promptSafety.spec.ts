/**
 * Issue 13 end to end: the text review reads Chinese by words (jieba on the server), so 红色情人节海报 ("red
 * Valentine's Day poster", whose characters 色情 straddle 红色|情人节) is accepted and reaches the generation
 * step, while an English word in full-width letters is still refused by the text review (1010202).
 */
import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/en/ai-image-generator');
  await expect(page.getByTestId('page.aiImageGenerator')).toBeVisible();
});

test('红色情人节海报 passes the text review and goes on to generation', async ({ page }) => {
  await page.getByTestId('generate.prompt').fill('红色情人节海报');
  await page.getByTestId('generate.submit').click();
  // No translator for Chinese on this server: the user sends it as written; the review then lets it through.
  await page.getByTestId('generate.sendAsWritten').click();
  const error = page.getByTestId('generate.error');
  await expect(error).toHaveAttribute('data-code', '1000003');
  await expect(error).not.toHaveAttribute('data-code', '1010202');
});

test('a full-width evasion of a listed word is refused by the text review (1010202) before anything is sent', async ({ page }) => {
  const submits: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/api/task/')) submits.push(request.url()); });
  await page.getByTestId('generate.prompt').fill('a ｆｕｃｋｉｎｇ cat in the snow');
  await page.getByTestId('generate.submit').click();
  await expect(page.getByTestId('generate.error')).toHaveAttribute('data-code', '1010202');
  expect(submits).toEqual([]);
});
