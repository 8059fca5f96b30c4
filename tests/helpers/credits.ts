import type { Page } from '@playwright/test';

/** The visitor's credit balance as the server has it, asked with the device id the page uses. */
export async function balance(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const deviceId = Object.entries(localStorage).find(([key]) => /device/i.test(key))?.[1] ?? '';
    const reply = await fetch('/api/credits/balance', { method: 'POST', headers: { 'content-type': 'application/json', 'X-Device-Id': deviceId }, body: '{}' });
    return (await reply.json()).data.total as number;
  });
}
