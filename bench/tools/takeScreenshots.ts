/**
 * Screenshots of issue 29's pages at 1280 and 390 px (bench/tools/screenshots/): the background changer with a
 * result (against a running server, `SCREENSHOT_BASE`, default http://127.0.0.1:8080) and the local test checkout
 * page (its HTML as the server renders it). Run: `npx tsx bench/tools/takeScreenshots.ts`.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { testCheckoutPage } from '../../server/src/commerce/commerceRoutes';

const BASE = process.env.SCREENSHOT_BASE ?? 'http://127.0.0.1:8080';
const OUT = path.resolve('bench/tools/screenshots');
const PHOTO = path.resolve('tests/assets/photos/astronaut.jpg');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: width > 500 ? 800 : 844 } });
  await page.setContent(testCheckoutPage({ product: '100 credits', price: '9.99 USD', action: '/api/pay/test/checkout/test_cs_example', open: true }));
  await page.screenshot({ path: path.join(OUT, `checkout-${width}.png`) });
  await page.goto(`${BASE}/en/tools/background-changer`);
  await page.getByTestId('upload.input').setInputFiles(PHOTO);
  await page.getByTestId('result.image').waitFor({ timeout: Number(process.env.SCREENSHOT_WAIT_MS ?? 300_000) }).catch(() => undefined);
  await page.screenshot({ path: path.join(OUT, `changer-${width}.png`), fullPage: false });
  await page.close();
}
await browser.close();
