/**
 * A prompt-taking tool end to end: the AI image generator's prompt is language-checked, a non-English prompt
 * translated (Debian Apertium for Spanish) and shown for the user to edit or refuse (issue 13), then it goes
 * through the task flow's text review to the generation service, which this test server does not have (no
 * ComfyUI): the page says why no picture can be made. A Chinese prompt has no translator here.
 */
import { expect, test } from '@playwright/test';
import { OwnTestServer } from '../helpers/ownServer';

/**
 * Its own server with a generation server configured that does not answer (nothing listens on port 9): the
 * Generate button is offered (it is disabled where no generation server is configured at all), the prompt goes
 * through the language check, translation and text review, and the job then fails (-1003: the server did not answer).
 */
const PORT = (Number(process.env.E2E_PORT) || 4180) + 6;
let server: OwnTestServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await OwnTestServer.start(PORT, { name: 'prompt-translation', env: { COMFYUI_URL: 'http://127.0.0.1:9' } });
});
test.afterAll(async () => {
  await server?.dispose(test.info().status !== test.info().expectedStatus);
});

test.beforeEach(async ({ page }) => {
  await page.goto(`${server.base}/en/ai-image-generator`);
  await expect(page.getByTestId('page.aiImageGenerator')).toBeVisible();
});

test('the page names the languages this server translates', async ({ page }) => {
  await expect(page.getByTestId('generate.languages')).toContainText('Spanish');
  await expect(page.getByTestId('generate.languages')).not.toContainText('any language');
});

test('a Spanish prompt is translated to English and shown to be checked before generating; without a generation server the page says so', async ({ page }) => {
  await page.getByTestId('generate.prompt').fill('un gato negro en la nieve');
  await page.getByTestId('generate.submit').click();
  const translated = page.getByTestId('generate.translated');
  await expect(translated).toContainText('Translated from Spanish');
  await expect(page.getByTestId('generate.translation')).toHaveValue(/cat/i);
  await expect(page.getByTestId('generate.translation')).toHaveValue(/snow/i);
  // Nothing is generated until the user accepts (or edits) the translation.
  await expect(page.getByTestId('generate.error')).toHaveCount(0);
  await page.getByTestId('generate.translation').fill('a black cat in the snow, watercolour');
  await page.getByTestId('generate.useTranslation').click();
  const error = page.getByTestId('generate.error');
  await expect(error).toHaveAttribute('data-code', '-1003');
});

test('a Chinese prompt: "translation unavailable" (1010203) when no translator covers Chinese, and it can be sent as written', async ({ page }) => {
  await page.getByTestId('generate.prompt').fill('一只在雪地里的黑猫');
  await page.getByTestId('generate.submit').click();
  const error = page.getByTestId('generate.error');
  await expect(error).toHaveAttribute('data-code', '1010203');
  await expect(error).toContainText("Translation from Chinese isn't available on this server");
  await expect(page.getByTestId('generate.translated')).toHaveCount(0);
  await page.getByTestId('generate.sendAsWritten').click();
  await expect(page.getByTestId('generate.error')).toHaveAttribute('data-code', '-1003');
  await expect(page.getByTestId('generate.asWritten')).toContainText('Sent as written');
});

test('words the translator left untranslated are marked, and the user can keep the original instead', async ({ page }) => {
  await page.getByTestId('generate.prompt').fill('Eu vi a raposa vermelha na neve');
  await page.getByTestId('generate.submit').click();
  await expect(page.getByTestId('generate.translated')).toContainText('Translated from Portuguese');
  const untranslated = page.getByTestId('generate.untranslated');
  await expect(untranslated).toContainText('Left untranslated: raposa');
  await expect(untranslated.locator('mark')).toHaveText('raposa');
  await page.getByTestId('generate.keepOriginal').click();
  await expect(page.getByTestId('generate.error')).toHaveAttribute('data-code', '-1003');
  await expect(page.getByTestId('generate.asWritten')).toContainText('Sent as written');
});

test('a short English prompt with a loanword is taken for English and sent on untranslated', async ({ page }) => {
  await page.getByTestId('generate.prompt').fill('kimono girl');
  await page.getByTestId('generate.submit').click();
  await expect(page.getByTestId('generate.error')).toHaveAttribute('data-code', '-1003');
  await expect(page.getByTestId('generate.translated')).toHaveCount(0);
});

test('a prompt the server cannot place (a name no word list knows) is sent as written, and the page says so', async ({ page }) => {
  // "Buhid" (a script's name): the n-gram detectors guess Rundi, no language's word list has it, so translating it
  // could only garble it (issue 13: "when detection is unsure, send the prompt as written and say so").
  await page.getByTestId('generate.prompt').fill('Buhid');
  await page.getByTestId('generate.submit').click();
  await expect(page.getByTestId('generate.error')).toHaveAttribute('data-code', '-1003');
  await expect(page.getByTestId('generate.translated')).toHaveCount(0);
  await expect(page.getByTestId('generate.asWritten')).toContainText("We couldn't tell which language this prompt is in");
});

test('a prompt with a listed word is refused by the text review (1010202) before anything is sent', async ({ page }) => {
  const submits: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/task/')) submits.push(request.url());
  });
  await page.getByTestId('generate.prompt').fill('a fucking cat in the snow');
  await page.getByTestId('generate.submit').click();
  await expect(page.getByTestId('generate.error')).toHaveAttribute('data-code', '1010202');
  expect(submits).toEqual([]);
});
