/**
 * The browser-session calls of sign-in (issue 30 items 1 and 14): the server sets or clears the HttpOnly cookie
 * that lets project images load, and trades a provider sign-in's one-time code for the session.
 */

/** Asks the server to set (with the session's token) or drop the image-load session cookie; best effort. */
export async function postSessionCookie(path: '/api/session/cookie' | '/api/session/cookie/clear', token: string | null): Promise<void> {
  if (typeof fetch === 'undefined') return;
  try {
    await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      body: '{}',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    });
  } catch {
    // Offline: images of projects load again after the next sign-in.
  }
}

/** The session a one-time sign-in code is traded for, or null when the server refused it or could not be reached. */
export async function exchangeLoginCode(code: string): Promise<{ accountId: string; token: string; email: string | null } | null> {
  try {
    const res = await fetch('/api/account/oidc/exchange', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const reply = (await res.json()) as { resultCode?: number; data?: { accountId?: string; token?: string; email?: string | null } };
    if (reply.resultCode !== 100 || !reply.data?.accountId || !reply.data.token) return null;
    return { accountId: reply.data.accountId, token: reply.data.token, email: reply.data.email ?? null };
  } catch {
    return null;
  }
}
