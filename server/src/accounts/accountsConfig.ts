import path from 'node:path';
import { COOKIE_LIFETIME_DAYS } from '../../../engine/spec/limits';
import { FREE_DAILY_CREDITS } from '../../../engine/spec/commerce';
import { PROJECT_ROOT } from '../config';

/** Settings of sign-in, credits and payments (README "Configuration"). */
export interface AccountsConfig {
  /** SMTP server for sign-in codes; null writes them to `outboxDir`. */
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  /** Lifetime of a sign-in session (SESSION_HOURS; default 365 days, like the account cookie). */
  sessionHours: number;
  /** Free credits per device (visitor) or free account per UTC day. */
  freeDailyCredits: number;
  /** Stripe secret key and webhook signing secret; without them the local test provider takes payments. */
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** Another Stripe API base (STRIPE_API_URL), e.g. stripe-mock; default api.stripe.com. */
  stripeApiUrl: string | null;
  /** Google and Apple sign-in (OpenID Connect); a provider without a client id is off. */
  oidc: Partial<Record<OidcProviderName, OidcProviderConfig>>;
}

export type OidcProviderName = 'google' | 'apple';
export interface OidcProviderConfig { issuer: string; clientId: string; clientSecret: string }

const DEFAULT_ISSUERS: Record<OidcProviderName, string> = { google: 'https://accounts.google.com', apple: 'https://appleid.apple.com' };

function oidcFrom(env: NodeJS.ProcessEnv): AccountsConfig['oidc'] {
  const out: AccountsConfig['oidc'] = {};
  for (const name of ['google', 'apple'] as const) {
    const prefix = `OIDC_${name.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    if (!clientId) continue;
    out[name] = { issuer: env[`${prefix}ISSUER`] || DEFAULT_ISSUERS[name], clientId, clientSecret: env[`${prefix}CLIENT_SECRET`] || '' };
  }
  return out;
}

function nonNegative(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** Reads the accounts settings from the environment. */
export function loadAccountsConfig(env: NodeJS.ProcessEnv = process.env): AccountsConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(PROJECT_ROOT, 'data'));
  return {
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Lumacut <no-reply@localhost>',
    outboxDir: path.join(dataDir, 'outbox'),
    sessionHours: nonNegative(env.SESSION_HOURS, COOKIE_LIFETIME_DAYS * 24, 'SESSION_HOURS') || COOKIE_LIFETIME_DAYS * 24,
    freeDailyCredits: nonNegative(env.FREE_DAILY_CREDITS, FREE_DAILY_CREDITS, 'FREE_DAILY_CREDITS'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    stripeApiUrl: env.STRIPE_API_URL || null,
    oidc: oidcFrom(env),
  };
}
