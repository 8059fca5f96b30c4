import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { startTestSmtp, type TestSmtp } from '../../server/src/testing/testSmtp';
import { OwnTestServer } from '../helpers/ownServer';

/**
 * Issue 27: the product as `npm start` runs it, in personal mode (BILLING off, no payment provider), with the
 * default free allowance of 5 credits that service mode would apply. Twenty background removals in a row meet
 * no credit or PRO message, no page shows a price, and an account's API key (made on /account) calls the
 * remove.bg-compatible API with the real model.
 */
const PORT = (Number(process.env.E2E_PORT) || 4180) + 4; // each spec's own server has its own port: two specs run at once
const BASE = `http://127.0.0.1:${PORT}`;
const PHOTO = path.resolve('tests/assets/photos/astronaut.jpg');

let server: OwnTestServer;
let smtp: TestSmtp;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  smtp = await startTestSmtp();
  server = await OwnTestServer.start(PORT, { name: 'personal', env: { BILLING: 'off', PAYMENTS: '', FREE_DAILY_CREDITS: '5', SMTP_URL: smtp.url } });
});

test.afterAll(async () => {
  await server?.dispose(test.info().status !== test.info().expectedStatus);
  await smtp?.close();
});

/** Text that would mean a charge, a plan or a price is on the page. */
const PAID_WORDS = /credits? (are )?left|needs? \d+ credits?|PRO plan|\$\s?\d|€\s?\d|\d+[.,]\d\d\s?(USD|EUR)|buy credits/i;

test('twenty background removals in a row with no credit or PRO message, and no price anywhere', async ({ page }) => {
  test.setTimeout(1_200_000);
  const replies: number[] = [];
  page.on('response', async (response) => {
    if (!/\/api\/(task|dist)\//.test(new URL(response.url()).pathname)) return;
    const body = (await response.json().catch(() => null)) as { resultCode?: number } | null;
    if (typeof body?.resultCode === 'number') replies.push(body.resultCode);
  });
  await page.goto(`${BASE}/en/tools/background-remover`);
  for (let i = 1; i <= 20; i++) {
    if (i > 1) await page.goto(`${BASE}/en/tools/background-remover`);
    await page.getByTestId('upload.input').setInputFiles(PHOTO);
    await expect(page.getByTestId('result.image'), `removal ${i}`).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('credits.dialog')).toBeHidden();
    expect(await page.locator('body').innerText(), `removal ${i}`).not.toMatch(PAID_WORDS);
  }
  expect(replies).not.toContain(1010103);

  // No price, plan or balance in the header, footer, price page or the enhancer's high-quality option.
  await expect(page.getByTestId('nav.pricing')).toHaveCount(0);
  await expect(page.getByTestId('header.balance')).toHaveCount(0);
  await expect(page.locator('footer a[href$="/pricing"]')).toHaveCount(0);
  await page.goto(`${BASE}/en/pricing`);
  await expect(page.getByTestId('pricing.personal')).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(PAID_WORDS);
  await expect(page.locator('[data-testid^="plan."]')).toHaveCount(0);
});

test('an API key made on the account page calls /v1.0/removebg with the real model; nothing is charged', async ({ page }) => {
  test.setTimeout(300_000);
  const email = `personal-${Date.now()}@example.org`;
  await page.goto(`${BASE}/en/log-in`);
  await page.getByTestId('login.email').fill(email);
  await page.getByTestId('login.submit').click();
  await expect.poll(() => smtp.messages.some((m) => m.to.includes(email))).toBe(true);
  await page.getByTestId('login.code').fill(smtp.codeFor(email));
  await page.getByTestId('login.submit').click();
  await expect(page.getByTestId('header.account')).toContainText(email);
  // Reachable from the header: the account page, with its API keys and no plan or balance card.
  await page.getByTestId('header.account').click();
  await expect(page.getByTestId('account.apiKeys')).toBeVisible();
  await expect(page.getByTestId('account.balance')).toHaveCount(0);
  await expect(page.getByTestId('account.plan')).toHaveCount(0);
  await page.getByTestId('apiKeys.name').fill('e2e script');
  await page.getByTestId('apiKeys.create').click();
  const key = (await page.getByTestId('apiKeys.key').innerText()).trim();
  expect(key).toMatch(/^lc_/);
  await expect(page.getByTestId('apiKeys.row')).toHaveCount(1);

  // A remove.bg client's call: multipart image_file, X-Api-Key.
  const form = new FormData();
  form.append('image_file', new Blob([new Uint8Array(await readFile(PHOTO))], { type: 'image/jpeg' }), 'astronaut.jpg');
  form.append('size', 'auto');
  const res = await fetch(`${BASE}/v1.0/removebg`, { method: 'POST', headers: { 'X-Api-Key': key }, body: form });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-credits-charged')).toBe('0');
  const png = Buffer.from(await res.arrayBuffer());
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([512, 512]);
  // The real cut-out: the corner is background (transparent), the astronaut's chest is kept.
  expect(data[3]).toBeLessThan(20);
  expect(data[(400 * 512 + 256) * 4 + 3]).toBeGreaterThan(200);
  const bad = await fetch(`${BASE}/v1.0/removebg`, { method: 'POST', headers: { 'X-Api-Key': 'lc_wrong' }, body: form });
  expect(bad.status).toBe(403);
  expect(await bad.json()).toEqual({ errors: [expect.objectContaining({ code: 'auth_failed' })] });

  await page.reload();
  await expect(page.getByTestId('apiKeys.row')).not.toContainText('never');
  await page.getByTestId('apiKeys.revoke').click();
  await expect(page.getByTestId('apiKeys.row')).toContainText('Revoked');
  await expect(page.getByTestId('apiKeys.docs')).toHaveAttribute('href', '/api/docs');
});
