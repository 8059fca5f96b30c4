import { describe, expect, it } from 'vitest';
import { loadAccountsConfig, paymentsFrom } from './accountsConfig';

/** Issue 27: one switch for the hosting mode; payments fail closed. */
describe('BILLING and PAYMENTS', () => {
  it('personal mode is the default; BILLING=on is the paid service; other values stop the start', () => {
    expect(loadAccountsConfig({}).billing).toBe(false);
    expect(loadAccountsConfig({ BILLING: 'on' }).billing).toBe(true);
    expect(loadAccountsConfig({ BILLING: '1' }).billing).toBe(true);
    expect(loadAccountsConfig({ BILLING: 'off' }).billing).toBe(false);
    expect(() => loadAccountsConfig({ BILLING: 'maybe' })).toThrow(/BILLING/);
  });

  it('one Stripe key without the other refuses to start, naming the missing one (production or not)', () => {
    expect(() => paymentsFrom({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/^STRIPE_WEBHOOK_SECRET is missing/);
    expect(() => paymentsFrom({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/^STRIPE_SECRET_KEY is missing/);
    expect(paymentsFrom({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' })).toBe('stripe');
  });

  it('the test provider only with an explicit PAYMENTS=test, never in production nor beside a Stripe key', () => {
    expect(paymentsFrom({})).toBe('none');
    expect(paymentsFrom({ NODE_ENV: 'production' })).toBe('none');
    expect(paymentsFrom({ PAYMENTS: 'test' })).toBe('test');
    expect(() => paymentsFrom({ PAYMENTS: 'test', NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
    expect(() => paymentsFrom({ PAYMENTS: 'test', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' })).toThrow(/choose one/);
    expect(() => paymentsFrom({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => paymentsFrom({ PAYMENTS: 'paypal' })).toThrow(/PAYMENTS must be/);
    expect(paymentsFrom({ PAYMENTS: 'off', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' })).toBe('none');
  });
});
