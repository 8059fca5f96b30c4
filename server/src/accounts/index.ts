import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../envelope';
import { CommerceService } from '../commerce/commerceService';
import { registerCommerceRoutes } from '../commerce/commerceRoutes';
import type { PaymentProvider } from '../commerce/paymentProvider';
import { createStripeProvider } from '../commerce/stripeProvider';
import { createTestProvider, type TestProvider } from '../commerce/testProvider';
import { createNoProvider } from '../commerce/noProvider';
import type { Database, Queryable } from '../db/database';
import type { FileStorage } from '../storage/storage';
import { CreditLedger } from '../credits/creditLedger';
import { AccountRepository } from './accountRepository';
import { registerAccountRoutes } from './accountRoutes';
import type { AccountsConfig } from '../config/accountsConfig';
import { LoginCodes } from './loginCodes';
import { createLoginMailer, type LoginMailer } from './mailer';
import { hasProAccess, registerExportRoutes } from './exportRoutes';
import { OidcLogin } from './oidcLogin';
import { registerOidcRoutes } from './oidcRoutes';
import { payerOf } from './payer';
import { moveVisitorWork } from './moveVisitorWork';
import { accountOwnerKey } from './accountRepository';
import { AUTH_TOKEN_HEADER } from './sessions';
import { cookieValue, setServerCookie } from './cookies';
import { SessionStore } from './sessions';

export type { AccountsConfig } from '../config/accountsConfig';

/**
 * The session of image loads (`<img>` sends no headers) under /api/projects: an HttpOnly,
 * SameSite=Strict cookie the server sets (issue 30 item 14), no longer one the page's scripts write.
 */
export const SESSION_COOKIE = 'lc_session';
/** The script-written cookie of earlier versions; still read until it lapses, and removed by the page. */
export const LEGACY_AUTH_TOKEN_COOKIE = 'authToken';

/** What the task routes need from accounts: who pays, and a charge that records the task with it. */
export interface TaskCharging {
  payerOf: (request: Parameters<typeof payerOf>[0]) => Promise<string>;
  chargeForTask: (
    payer: string,
    task: { id: string; type: string; params?: Record<string, unknown> },
    insertTask: (tx: Queryable) => Promise<void>,
  ) => Promise<unknown>;
  /** Whether the request's account has a plan that unlocks PRO options (a visitor has none). */
  proAccessOf: (request: FastifyRequest) => Promise<boolean>;
}

export interface Accounts extends TaskCharging {
  /** BILLING=on (service mode): tasks are charged and PRO items gated; off (personal mode): neither. */
  billing: boolean;
  sessions: SessionStore;
  ledger: CreditLedger;
  accounts: AccountRepository;
  mailer: LoginMailer;
  commerce: CommerceService;
}

/**
 * Stripe when configured (both keys, checked by loadAccountsConfig), the plainly marked local test provider only
 * with PAYMENTS=test, otherwise none: payments fail closed. Personal mode sells nothing.
 */
function paymentProviderFor(config: AccountsConfig): { provider: PaymentProvider; test: TestProvider | null } {
  if (!config.billing) return { provider: createNoProvider('this install is in personal mode: nothing is sold (BILLING is off)'), test: null };
  if (config.payments === 'stripe' && config.stripeSecretKey && config.stripeWebhookSecret) {
    const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
    const endpoint = api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : undefined;
    return { provider: createStripeProvider({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret, endpoint }), test: null };
  }
  if (config.payments !== 'test') return { provider: createNoProvider('payments are not configured on this server'), test: null };
  const test = createTestProvider();
  return { provider: test, test };
}

/** Registers sign-in, account and credit routes; returns the parts other routes use. */
export function registerAccounts(
  app: FastifyInstance,
  deps: {
    db: Database;
    config: AccountsConfig;
    absolute: (request: FastifyRequest, path: string) => string;
    /** Where project files live (deleting an account deletes them). */
    storage?: FileStorage;
    now?: () => Date;
    provider?: PaymentProvider;
  },
): Accounts {
  const mailer = createLoginMailer({ smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom, outboxDir: deps.config.outboxDir });
  // Named once at start, so a self-hoster without SMTP knows where to read sign-in codes.
  if (!deps.config.smtpUrl && !deps.config.quietStartup) console.info(`SMTP_URL is not set: sign-in codes are written to ${deps.config.outboxDir}`);
  const sessions = new SessionStore(deps.db, deps.config.sessionHours);
  const ledger = new CreditLedger(deps.db, { freeDailyCredits: deps.config.freeDailyCredits, now: deps.now });
  const accounts = new AccountRepository(deps.db);
  const codes = new LoginCodes(deps.db, mailer);
  const payments = deps.provider ? { provider: deps.provider, test: null } : paymentProviderFor(deps.config);
  if (!deps.config.quietStartup) {
    if (!deps.config.billing) console.info('Personal mode (BILLING is off): nothing is charged, no PRO gating; BILLING=on runs the paid service');
    else if (payments.test) console.info('PAYMENTS=test: purchases use the LOCAL TEST payment provider (no money moves)');
    else if (payments.provider.name === 'none')
      console.info(
        'BILLING=on without a payment provider: purchases answer "service unavailable" (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test)',
      );
  }
  const commerce = new CommerceService({ db: deps.db, ledger, provider: payments.provider, now: deps.now });
  // The device's visitor work moves to the account it signs into.
  const onSignedIn = async (info: { accountId: string; deviceId: string | undefined }) => {
    await moveVisitorWork(deps.db, info.deviceId, info.accountId);
  };
  const billing = deps.config.billing;
  registerAccountRoutes(app, {
    accounts,
    codes,
    sessions,
    ledger,
    commerce,
    onSignedIn,
    billing,
    data: deps.storage ? { db: deps.db, storage: deps.storage } : undefined,
  });
  // Everything a signed-in request stores or reads (projects, uploads, masks, tasks, downloads) belongs to
  // its account (projects/ownerKey.ts and security/requestOwner.ts read this). The account routes check the
  // token themselves (signing out with an expired token must still work); health checks carry none.
  // Image GETs cannot send headers, so project routes also take the token from the authToken cookie.
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/account/') || url.startsWith('/api/health') || url.startsWith('/api/ready')) return;
    if (!request.headers[AUTH_TOKEN_HEADER] && url.startsWith('/api/projects') && request.method === 'GET') {
      const token = cookieValue(request.headers.cookie, SESSION_COOKIE) ?? cookieValue(request.headers.cookie, LEGACY_AUTH_TOKEN_COOKIE);
      if (token) request.headers[AUTH_TOKEN_HEADER] = token;
    }
    const account = await sessions.accountOf(request);
    if (account) (request as typeof request & { accountOwner?: string }).accountOwner = accountOwnerKey(account.accountId);
  });
  // The page asks for the image-load cookie of its session after signing in, and drops it on signing
  // out (outside /api/account/: these are plain calls, not SPEC §7 signed account calls).
  const sessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string, maxAgeS: number) =>
    setServerCookie(request, reply, { name: SESSION_COOKIE, value: token, path: '/api/projects', maxAgeS, sameSite: 'Strict' });
  app.post('/api/session/cookie', async (request, reply) => {
    await sessions.requireAccount(request);
    sessionCookie(request, reply, String(request.headers[AUTH_TOKEN_HEADER]).trim(), Math.round(deps.config.sessionHours * 3600));
    return ok({ set: true });
  });
  app.post('/api/session/cookie/clear', async (request, reply) => {
    sessionCookie(request, reply, '', 0);
    return ok({ set: false });
  });
  registerCommerceRoutes(app, { commerce, sessions, testProvider: payments.test, absolute: deps.absolute });
  registerExportRoutes(app, { sessions, commerce, billing });
  registerOidcRoutes(app, { oidc: new OidcLogin(deps.db, deps.config.oidc), accounts, sessions, absolute: deps.absolute, onSignedIn });
  return {
    billing,
    sessions,
    ledger,
    accounts,
    mailer,
    commerce,
    payerOf: (request) => payerOf(request, sessions),
    proAccessOf: async (request) => {
      // Personal mode: every option is open to everyone using this install.
      if (!billing) return true;
      const account = await sessions.accountOf(request);
      return account ? hasProAccess(commerce, account.accountId) : false;
    },
    chargeForTask: (payer, task, insertTask) => ledger.chargeForTask(payer, task, insertTask),
  };
}
