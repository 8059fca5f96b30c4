import type { ProItem } from '../../engine/doc/proItems';
import type { PromotionOffer } from '../../engine/spec/promotion';
import { ResultCode } from '../../engine/spec/errors';
import { retry } from '../../engine/net/retry';
import type { CreditBalanceView, OrderView, SubscriptionView } from './accountTypes';
import { reportReply } from './serverReplies';
import { getDeviceId } from './deviceId';
import { NetworkError } from './apiClient';
import { reportNetworkError, trackFailedCall } from './analytics';
import { signedSubmit, type SignedEnvelope } from './signedPost';
import { adoptSessionToken } from './accountStorage';

/** A reply that is not success, as an error carrying its result code (the machines read `.code`). */
export class ApiReplyError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One account, purchase or credit call, sent as a SPEC §7 signed `submit` to the distribute host:
 * data on success; ApiReplyError with the result code otherwise; NetworkError when no envelope came.
 */
async function call<T>(path: string, body: unknown = {}): Promise<T> {
  let envelope: SignedEnvelope<T>;
  try {
    envelope = await signedSubmit<T>(path, (body ?? {}) as Record<string, unknown>, { getDeviceId });
  } catch (err) {
    const error = new NetworkError(err instanceof Error ? err.message : 'network error');
    try {
      reportNetworkError(path, error);
    } catch {
      // reportNetworkError rethrows by design.
    }
    throw error;
  }
  reportReply(envelope.resultCode);
  if (envelope.resultCode !== ResultCode.SUCCESS) {
    trackFailedCall({ url: path, errorCode: envelope.resultCode, errorMsg: envelope.msg });
    throw new ApiReplyError(envelope.resultCode, envelope.msg);
  }
  return envelope.data as T;
}

/** The tail of the queue of calls that rotate the session (see {@link rotating}). */
let rotations: Promise<unknown> = Promise.resolve();

/**
 * A sensitive change: the server rotates the session and its reply carries the fresh token as `sessionToken`
 * (issue 30 item 14), while the token sent answers 1000006 from then on. The new token is stored (local storage and
 * the image-load cookie) before the caller sees the reply, so its next call already presents it; the caller gets
 * the data without it. Such calls go one at a time: two at once would present the same token, and the second would
 * find it spent and sign the page out (each reads the stored token when it is sent).
 */
function rotating<T extends object>(path: string, body: unknown): Promise<T> {
  const run = rotations.then(async () => {
    const { sessionToken, ...data } = await call<T & { sessionToken?: unknown }>(path, body);
    if (typeof sessionToken === 'string' && sessionToken) await adoptSessionToken(sessionToken);
    return data as T;
  });
  rotations = run.catch(() => undefined);
  return run;
}

/** Reads that change nothing are retried on network errors (SPEC §9 retry helper: 3 tries from 1 s). */
const read = <T>(path: string, body: unknown = {}) => retry(() => call<T>(path, body), { attempts: 3, shouldRetry: (error) => error instanceof NetworkError });

/** One API key as the account page lists it (server/src/apiKeys/apiKeyStore.ts). */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface SignInReply {
  accountId: string;
  token: string;
  email: string | null;
  isNew: boolean;
}

export const accountApi = {
  sendCode: (email: string) => call<{ sent: boolean }>('/api/account/email/code', { email }),
  verifyCode: (email: string, code: string) => call<SignInReply>('/api/account/email/login', { email, code }),
  info: () =>
    read<{
      account: { id: string; email: string | null; provider: string; createdAt: string };
      balance: CreditBalanceView;
      subscription: SubscriptionView | null;
    }>('/api/account/info'),
  balance: () => read<CreditBalanceView>('/api/credits/balance'),
  signOut: () => call<{ signedOut: number }>('/api/account/logout'),
  signOutEverywhere: () => call<{ signedOut: number }>('/api/account/logout-all'),
  benefits: () => read<{ hasSentCollectionGifts: boolean; giftCredits: number }>('/api/account/benefits'),
  collectGift: () => call<{ granted: boolean }>('/api/account/gifts/collect'),
  exportData: () => call<Record<string, unknown>>('/api/account/export'),
  deleteAccount: () => call<{ deleted: boolean }>('/api/account/delete'),
  checkout: (productId: string, currency: string, returnUrl: string) =>
    call<{ repeat: true } | { repeat: false; purchaseId: string; url: string }>('/api/purchase/checkout', { productId, currency, returnUrl }),
  order: (purchaseId: string) => read<OrderView>('/api/purchase/order', { purchaseId }),
  orders: () => read<{ orders: OrderView[] }>('/api/purchase/orders'),
  /** Asks whether this design may be exported (pro items need a subscription, SPEC §6). */
  authorizeExport: (doc: unknown) => call<{ allowed: boolean; proItems: ProItem[] }>('/api/export/authorize', { doc }),
  cancelSubscription: () => call<{ subscription: SubscriptionView }>('/api/purchase/subscription/cancel'),
  /** API keys (issue 27): listed without the key itself; `create` returns the key, the only time it is shown. */
  apiKeys: () => read<{ keys: ApiKeyView[] }>('/api/account/api-keys/list'),
  /** Creating or revoking a key rotates the session: the new token is stored before these resolve. */
  createApiKey: (name: string) => rotating<ApiKeyView & { key: string }>('/api/account/api-keys/create', { name }),
  revokeApiKey: (id: string) => rotating<{ revoked: boolean }>('/api/account/api-keys/revoke', { id }),
  /** The sales promotion running for this account (its window starts at the first ask), or null. */
  promotion: () => read<{ offer: PromotionOffer | null }>('/api/purchase/promotion'),
};
