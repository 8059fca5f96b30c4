/**
 * Issue 13 end to end: the text review reads Chinese by words (jieba on the server), so 红色情人节海报 ("red
 * Valentine's Day poster", whose characters 色情 straddle 红色|情人节) is accepted and reaches the generation
 * step, while an English word in full-width letters is still refused by the text review (1010202).
 */
import { expect, test } from '@playwright/test';
import { OwnTestServer } from '../helpers/ownServer';

/**
 * Its own server with a generation server configured that does not answer (nothing listens on port 9): the
 * Generate button is offered (it is disabled where no generation server is configured at all), the prompt goes
 * through the language check, translation and text review, and the job then fails (-1003: the server did not answer).
 */
const PORT = (Number(process.env.E2E_PORT) || 4180) + 5;
let server: OwnTestServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await OwnTestServer.start(PORT, { name: 'prompt-safety', env: { COMFYUI_URL: 'http://127.0.0.1:9' } });
});
test.afterAll(async () => {
  await server?.dispose(test.info().status !== test.info().expectedStatus);
});

test.beforeEach(async ({ page }) => {
  await page.goto(`${server.base}/en/ai-image-generator`);
  await expect(page.getByTestId('page.aiImageGenerator')).toBeVisible();
});

test('红色情人节海报 passes the text review and goes on to generation', async ({ page }) => {
  await page.getByTestId('generate.prompt').fill('红色情人节海报');
  await page.getByTestId('generate.submit').click();
  // No translator for Chinese on this server: the user sends it as written; the review then lets it through.
  await page.getByTestId('generate.sendAsWritten').click();
  const error = page.getByTestId('generate.error');
  await expect(error).toHaveAttribute('data-code', '-1003');
  await expect(error).not.toHaveAttribute('data-code', '1010202');
});

test('a full-width evasion of a listed word is refused by the text review (1010202) before anything is sent', async ({ page }) => {
  const submits: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/task/')) submits.push(request.url());
  });
  await page.getByTestId('generate.prompt').fill('a ｆｕｃｋｉｎｇ cat in the snow');
  await page.getByTestId('generate.submit').click();
  await expect(page.getByTestId('generate.error')).toHaveAttribute('data-code', '1010202');
  expect(submits).toEqual([]);
});
