/** Sign-in codes on the shared e2e server, which has no SMTP: it writes each mail to .e2e-data/outbox. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Asks for a sign-in code for `email` from the page (so its device goes along) and returns the code once it is in the outbox. */
export async function requestSignInCode(page: Page, email: string): Promise<string> {
  await page.evaluate(
    (address) =>
      fetch('/api/account/email/code', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address }) }),
    email,
  );
  let code = '';
  await expect
    .poll(async () => {
      const file = (await readdir('.e2e-data/outbox').catch(() => []))
        .filter((f) => f.includes(email))
        .sort()
        .at(-1);
      code = file ? ((await readFile(path.join('.e2e-data/outbox', file), 'utf8')).match(/sign-in code is (\d{6})/)?.[1] ?? '') : '';
      return code;
    })
    .not.toBe('');
  return code;
}

/**
 * Signs the page in as `email` with a code from the outbox, its device id going along (so the device's
 * work moves to the account as on a real sign-in), and stores the session as the app does. Returns the token.
 */
export async function signInWithCode(page: Page, email: string): Promise<string> {
  const code = await requestSignInCode(page, email);
  return page.evaluate(
    async ({ address, typed }) => {
      const reply = await fetch('/api/account/email/login', {
        method: 'POST',
        body: JSON.stringify({ email: address, code: typed }),
        headers: { 'content-type': 'application/json', 'x-device-id': localStorage.getItem('deviceId') ?? '' },
      }).then((r) => r.json());
      localStorage.setItem('authToken', reply.data.token);
      localStorage.setItem('accountInfo', JSON.stringify({ accountId: reply.data.accountId, email: address }));
      return reply.data.token as string;
    },
    { address: email, typed: code },
  );
}
