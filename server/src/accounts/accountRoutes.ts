import type { FastifyInstance } from 'fastify';
import { isEmailAddress } from '../../../engine/spec/accountLimits';
import { COLLECT_GIFT_CREDITS } from '../../../engine/spec/commerce';
import type { CommerceService } from '../commerce/commerceService';
import type { Database } from '../db/database';
import type { FileStorage } from '../storage/storage';
import { deleteAccountFiles, exportAccountData } from './accountData';
import { accountPayer, type CreditLedger } from '../credits/creditLedger';
import { ok, paramsInvalid } from '../envelope';
import type { AccountRepository } from './accountRepository';
import type { LoginCodes } from './loginCodes';
import { payerOf, requesterOf } from './payer';
import type { SessionStore } from './sessions';

export interface AccountRouteDeps {
  accounts: AccountRepository;
  codes: LoginCodes;
  sessions: SessionStore;
  ledger: CreditLedger;
  commerce?: CommerceService;
  /** Service mode (BILLING=on); false: personal mode, balances read as unlimited and no gift is offered. */
  billing?: boolean;
  /** For "export my data" and deleting the account's files. */
  data?: { db: Database; storage: FileStorage };
  /** Called after a first sign-in, to move the device's work to the account (may be absent). */
  onSignedIn?: (info: { accountId: string; created: boolean; deviceId: string | undefined }) => Promise<void>;
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  if (!isEmailAddress(email)) throw paramsInvalid('a valid email address is required');
  return email.trim().toLowerCase();
}

/**
 * Sign-in by email code, the session's account, sign out (this browser or everywhere), delete
 * the account, and the credit balance of whoever asks.
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  app.post('/api/account/email/code', async (request) => {
    await deps.codes.send(emailOf(request.body), requesterOf(request));
    return ok({ sent: true });
  });

  app.post('/api/account/email/login', async (request) => {
    const email = emailOf(request.body);
    const code = (request.body as { code?: unknown }).code;
    if (typeof code !== 'string' && typeof code !== 'number') throw paramsInvalid('code is required');
    await deps.codes.verify(email, String(code), requesterOf(request));
    const { account, created } = await deps.accounts.findOrCreateByEmail(email);
    const token = await deps.sessions.create(account.id);
    const deviceId = request.headers['x-device-id'];
    await deps.onSignedIn?.({ accountId: account.id, created, deviceId: typeof deviceId === 'string' ? deviceId : undefined });
    return ok({ accountId: account.id, token, email: account.email, provider: account.provider, isNew: created });
  });

  app.post('/api/account/info', async (request) => {
    const session = await deps.sessions.requireAccount(request);
    const account = await deps.accounts.byId(session.accountId);
    const subscription = (await deps.commerce?.currentSubscription(session.accountId)) ?? null;
    const balance = await deps.ledger.balance(accountPayer(session.accountId));
    return ok({ account, balance, subscription });
  });

  app.post('/api/account/logout', async (request) => {
    const session = await deps.sessions.requireAccount(request);
    await deps.sessions.revoke(session.tokenHash);
    return ok({ signedOut: 1 });
  });

  /**
   * Sign out everywhere, this browser included (the page then signs itself out, as its label says): every session
   * of the account is revoked, so a stolen copy of any token stops working. There is nothing to rotate, so unlike
   * the API-key changes (issue 30 item 14) the reply carries no fresh `sessionToken`.
   */
  app.post('/api/account/logout-all', async (request) => {
    const session = await deps.sessions.requireAccount(request);
    return ok({ signedOut: await deps.sessions.revokeAll(session.accountId) });
  });

  app.post('/api/account/delete', async (request) => {
    const session = await deps.sessions.requireAccount(request);
    // Files first: a crash in between leaves an account that can still ask again.
    const files = deps.data ? await deleteAccountFiles(deps.data.db, deps.data.storage, session.accountId) : 0;
    await deps.accounts.markDeleted(session.accountId);
    return ok({ deleted: true, files });
  });

  app.post('/api/account/export', async (request) => {
    const session = await deps.sessions.requireAccount(request);
    if (!deps.data) throw paramsInvalid('export is not available');
    return ok(await exportAccountData(deps.data.db, session.accountId));
  });

  /**
   * Benefits info (SPEC §3): whether the collect-guide gift was sent. The gift is once per person
   * (issue 30 item 4): its grant is keyed by the account's person key (plus-addressed accounts of one
   * inbox share it), or by the account when it has no verified address. Gifts granted before that
   * rule, keyed by account, still count.
   */
  const giftRefs = async (accountId: string) => [`gift:collect:${await deps.accounts.personOf(accountId)}`, `gift:collect:${accountId}`];
  const giftSent = async (accountId: string) => {
    for (const ref of await giftRefs(accountId)) if (await deps.ledger.hasGrant(ref)) return true;
    return false;
  };
  app.post('/api/account/benefits', async (request) => {
    const session = await deps.sessions.requireAccount(request);
    if (deps.billing === false) return ok({ hasSentCollectionGifts: true, giftCredits: 0 });
    return ok({ hasSentCollectionGifts: await giftSent(session.accountId), giftCredits: COLLECT_GIFT_CREDITS });
  });
  /** Collects the gift: granted once per person, whatever the number of calls or accounts. */
  app.post('/api/account/gifts/collect', async (request) => {
    const session = await deps.sessions.requireAccount(request);
    const [ref] = await giftRefs(session.accountId);
    const granted =
      !(await giftSent(session.accountId)) &&
      (await deps.ledger.grant(accountPayer(session.accountId), COLLECT_GIFT_CREDITS, { bucket: 'paid', ref: ref!, note: 'collect-guide gift' }));
    return ok({ granted, hasSentCollectionGifts: true });
  });

  /** Balance of the signed-in account, or of the visitor's device (its free allowance today). */
  app.post('/api/credits/balance', async (request) => {
    // Personal mode charges nothing: every caller's balance is unlimited.
    if (deps.billing === false) return ok({ free: 0, plan: 0, planExpiresAt: null, paid: 0, total: 0, unlimited: true });
    return ok(await deps.ledger.balance(await payerOf(request, deps.sessions)));
  });
}
