import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FREE_DAILY_CREDITS } from '../../../engine/spec/commerce';
import { PROJECT_ROOT } from '../config';

/** Settings of sign-in, credits and payments (README "Configuration"). */
/** What Apple's developer account gives for "Sign in with Apple" (README "Configuration"). */
export interface AppleSigningKey {
  /** The 10-character Team ID (the JWT's issuer). */
  teamId: string;
  /** The Key ID of the private key (the JWT header's `kid`). */
  keyId: string;
  /** The downloaded `.p8` private key, PEM (PKCS#8, P-256). */
  privateKeyPem: string;
}

export interface AccountsConfig {
  /** SMTP server for sign-in codes; null writes them to `outboxDir`. */
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  /**
   * Lifetime of a sign-in session since it was last used (SESSION_HOURS; default 30 days, issue 30
   * item 14: a stolen token no longer lasts a year). Each day of use renews it, so a regular user stays signed in.
   */
  sessionHours: number;
  /** Free credits per device (visitor) or free account per UTC day. */
  freeDailyCredits: number;
  /**
   * BILLING=on: the paid-service mode (credits, daily free allowance, plans, PRO items, purchases). Off (the
   * default): personal mode, where nothing is charged or gated (rate limits and quotas stay on).
   */
  billing: boolean;
  /**
   * Who takes payments (service mode only): Stripe (both keys set), the local TEST provider (only with an
   * explicit PAYMENTS=test, never with NODE_ENV=production), or nobody (checkout answers 1000003).
   */
  payments: PaymentsMode;
  /** Stripe secret key and webhook signing secret: both or neither (loadAccountsConfig refuses one alone). */
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** Another Stripe API base (STRIPE_API_URL), e.g. stripe-mock; default api.stripe.com. */
  stripeApiUrl: string | null;
  /** Google and Apple sign-in (OpenID Connect); a provider without a client id is off. */
  oidc: Partial<Record<OidcProviderName, OidcProviderConfig>>;
  /** Under the test runner (VITEST): no start-up notices about the local mail outbox and test payments. */
  quietStartup?: boolean;
}

export type PaymentsMode = 'stripe' | 'test' | 'none';

export type OidcProviderName = 'google' | 'apple';
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * How the provider returns the code: `query` (a redirect, Google) or `form_post` (a cross-site POST
   * of a form, which Apple requires once the email scope is asked for).
   */
  responseMode?: 'query' | 'form_post';
  /** Apple: the client secret is a JWT signed with this key (made fresh each day) instead of a fixed string. */
  signingKey?: AppleSigningKey;
}

const DEFAULT_ISSUERS: Record<OidcProviderName, string> = { google: 'https://accounts.google.com', apple: 'https://appleid.apple.com' };

function oidcFrom(env: NodeJS.ProcessEnv): AccountsConfig['oidc'] {
  const out: AccountsConfig['oidc'] = {};
  for (const name of ['google', 'apple'] as const) {
    const prefix = `OIDC_${name.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    if (!clientId) continue;
    const mode = env[`${prefix}RESPONSE_MODE`] || (name === 'apple' ? 'form_post' : 'query');
    if (mode !== 'query' && mode !== 'form_post') throw new Error(`${prefix}RESPONSE_MODE must be query or form_post, got "${mode}"`);
    out[name] = { issuer: env[`${prefix}ISSUER`] || DEFAULT_ISSUERS[name], clientId, clientSecret: env[`${prefix}CLIENT_SECRET`] || '', responseMode: mode };
    const signingKey = appleSigningKeyFrom(env, prefix);
    if (signingKey) out[name]!.signingKey = signingKey;
  }
  return out;
}

/** `<prefix>TEAM_ID`, `<prefix>KEY_ID` and the key itself (`<prefix>PRIVATE_KEY`, PEM with `\n` escapes allowed, or `<prefix>PRIVATE_KEY_FILE`). */
function appleSigningKeyFrom(env: NodeJS.ProcessEnv, prefix: string): AppleSigningKey | undefined {
  const teamId = env[`${prefix}TEAM_ID`];
  const keyId = env[`${prefix}KEY_ID`];
  const file = env[`${prefix}PRIVATE_KEY_FILE`];
  const inline = env[`${prefix}PRIVATE_KEY`]?.replace(/\\n/g, '\n');
  if (!teamId && !keyId && !file && !inline) return undefined;
  if (!teamId || !keyId || !(file || inline)) throw new Error(`${prefix}TEAM_ID, ${prefix}KEY_ID and ${prefix}PRIVATE_KEY (or _FILE) go together`);
  return { teamId, keyId, privateKeyPem: inline || readFileSync(file!, 'utf8') };
}

function nonNegative(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** Default session lifetime since last use: 30 days. */
const SESSION_DEFAULT_HOURS = 30 * 24;

function onOff(value: string | undefined, name: string): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || ['0', 'off', 'false', 'no'].includes(v)) return false;
  if (['1', 'on', 'true', 'yes'].includes(v)) return true;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

/**
 * Payments fail closed (issue 27): one Stripe key without the other stops the start naming the missing one;
 * the local test provider (purchases without money) only with an explicit PAYMENTS=test, and never with
 * NODE_ENV=production; with neither, nothing can be bought.
 */
export function paymentsFrom(env: NodeJS.ProcessEnv): PaymentsMode {
  const secret = env.STRIPE_SECRET_KEY || '';
  const hook = env.STRIPE_WEBHOOK_SECRET || '';
  if (secret && !hook) throw new Error('STRIPE_WEBHOOK_SECRET is missing: Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (refusing to start)');
  if (hook && !secret) throw new Error('STRIPE_SECRET_KEY is missing: Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (refusing to start)');
  const wanted = (env.PAYMENTS ?? '').trim().toLowerCase();
  if (wanted !== '' && wanted !== 'stripe' && wanted !== 'test' && wanted !== 'off')
    throw new Error(`PAYMENTS must be stripe, test or off, got "${env.PAYMENTS}"`);
  if (wanted === 'test') {
    if (env.NODE_ENV === 'production')
      throw new Error('PAYMENTS=test is refused with NODE_ENV=production: the test provider completes purchases without money');
    if (secret) throw new Error('PAYMENTS=test and STRIPE_SECRET_KEY are both set: choose one');
    return 'test';
  }
  if (wanted === 'off') return 'none';
  if (wanted === 'stripe' && !secret) throw new Error('PAYMENTS=stripe: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are missing');
  return secret ? 'stripe' : 'none';
}

/** Reads the accounts settings from the environment. */
export function loadAccountsConfig(env: NodeJS.ProcessEnv): AccountsConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(PROJECT_ROOT, 'data'));
  return {
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Lumacut <no-reply@localhost>',
    outboxDir: path.join(dataDir, 'outbox'),
    sessionHours: nonNegative(env.SESSION_HOURS, SESSION_DEFAULT_HOURS, 'SESSION_HOURS') || SESSION_DEFAULT_HOURS,
    freeDailyCredits: nonNegative(env.FREE_DAILY_CREDITS, FREE_DAILY_CREDITS, 'FREE_DAILY_CREDITS'),
    billing: onOff(env.BILLING, 'BILLING'),
    payments: paymentsFrom(env),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    stripeApiUrl: env.STRIPE_API_URL || null,
    oidc: oidcFrom(env),
    quietStartup: Boolean(env.VITEST),
  };
}
