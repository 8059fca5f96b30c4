/**
 * The app routes a SPEC §7 signed `submit` call may carry (its `apiUri`): task submits, and the
 * account, purchase and credit calls, which the web app sends only this way. One list for the
 * client, which wraps these calls, and the server, which forwards nothing else.
 */

/** Task submit paths (SPEC §7 "path apiUri"): one segment under /api/task/. */
export const TASK_SUBMIT_PATH = /^\/api\/task\/[A-Za-z0-9_-]{1,64}$/;

/** Account, purchase, credit and export-check calls. */
export const SIGNED_ACCOUNT_PATHS: readonly string[] = [
  '/api/account/email/code',
  '/api/account/email/login',
  '/api/account/info',
  '/api/account/logout',
  '/api/account/logout-all',
  '/api/account/benefits',
  '/api/account/gifts/collect',
  '/api/account/export',
  '/api/account/delete',
  '/api/credits/balance',
  '/api/purchase/checkout',
  '/api/purchase/order',
  '/api/purchase/orders',
  '/api/purchase/subscription',
  '/api/purchase/subscription/cancel',
  '/api/purchase/promotion',
  '/api/export/authorize',
  // API keys of the account page (issue 27).
  '/api/account/api-keys/list',
  '/api/account/api-keys/create',
  '/api/account/api-keys/revoke',
];

/** Whether a signed `submit` may forward to `apiUri`. */
export function isSignedForwardPath(apiUri: unknown): apiUri is string {
  return typeof apiUri === 'string' && (TASK_SUBMIT_PATH.test(apiUri) || SIGNED_ACCOUNT_PATHS.includes(apiUri));
}
