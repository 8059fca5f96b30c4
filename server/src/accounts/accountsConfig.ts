import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppleSigningKey } from './appleClientSecret';
import { FREE_DAILY_CREDITS } from '../../../engine/spec/commerce';
import { PROJECT_ROOT } from '../config';

/** Settings of sign-in, credits and payments (README "Configuration"). */
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
  /** Stripe secret key and webhook signing secret; without them the local test provider takes payments. */
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** Another Stripe API base (STRIPE_API_URL), e.g. stripe-mock; default api.stripe.com. */
  stripeApiUrl: string | null;
  /** Google and Apple sign-in (OpenID Connect); a provider without a client id is off. */
  oidc: Partial<Record<OidcProviderName, OidcProviderConfig>>;
  /** Under the test runner (VITEST): no start-up notices about the local mail outbox and test payments. */
  quietStartup?: boolean;
}

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

/** Reads the accounts settings from the environment. */
export function loadAccountsConfig(env: NodeJS.ProcessEnv): AccountsConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(PROJECT_ROOT, 'data'));
  return {
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Lumacut <no-reply@localhost>',
    outboxDir: path.join(dataDir, 'outbox'),
    sessionHours: nonNegative(env.SESSION_HOURS, SESSION_DEFAULT_HOURS, 'SESSION_HOURS') || SESSION_DEFAULT_HOURS,
    freeDailyCredits: nonNegative(env.FREE_DAILY_CREDITS, FREE_DAILY_CREDITS, 'FREE_DAILY_CREDITS'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    stripeApiUrl: env.STRIPE_API_URL || null,
    oidc: oidcFrom(env),
    quietStartup: Boolean(env.VITEST),
  };
}
