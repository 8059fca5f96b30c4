import type { StoredAccount } from '../../machines/login.machine';
import { exchangeLoginCode } from '../api/sessionApi';
import { storeAccount } from '../api/accountStorage';

/**
 * Finishes a Google or Apple sign-in on the page it came back to (issue 30 item 1): the callback
 * left a one-time code in the fragment (`#loginCode=…`), never the session itself. The code is
 * removed from the address bar at once and traded over POST for the session; the server gives it
 * only to the browser holding the sign-in's HttpOnly cookie, once, within two minutes.
 * Resolves with the stored account, or null when there was no code or the trade failed.
 */
export async function finishProviderSignIn(): Promise<StoredAccount | null> {
  if (typeof window === 'undefined' || !window.location.hash.includes('loginCode=')) return null;
  const code = new URLSearchParams(window.location.hash.slice(1)).get('loginCode');
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  if (!code) return null;
  const account = await exchangeLoginCode(code);
  if (!account) return null;
  await storeAccount(account);
  return account;
}
