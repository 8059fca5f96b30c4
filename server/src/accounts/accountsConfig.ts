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
  };
}
