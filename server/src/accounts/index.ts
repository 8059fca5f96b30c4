import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { CreditLedger } from '../credits/creditLedger';
import { AccountRepository } from './accountRepository';
import { registerAccountRoutes } from './accountRoutes';
import type { AccountsConfig } from './accountsConfig';
import { LoginCodes } from './loginCodes';
import { createLoginMailer, type LoginMailer } from './mailer';
import { payerOf } from './payer';
import { SessionStore } from './sessions';

export { loadAccountsConfig, type AccountsConfig } from './accountsConfig';

/** What the task routes need from accounts: who pays, and a charge that records the task with it. */
export interface TaskCharging {
  payerOf: (request: Parameters<typeof payerOf>[0]) => Promise<string>;
  chargeForTask: (payer: string, task: { id: string; type: string; params?: Record<string, unknown> }, insertTask: (tx: Queryable) => Promise<void>) => Promise<unknown>;
}

export interface Accounts extends TaskCharging {
  sessions: SessionStore;
  ledger: CreditLedger;
  accounts: AccountRepository;
  mailer: LoginMailer;
}

/** Registers sign-in, account and credit routes; returns the parts other routes use. */
export function registerAccounts(app: FastifyInstance, deps: { db: Database; config: AccountsConfig; now?: () => Date }): Accounts {
  const mailer = createLoginMailer({ smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom, outboxDir: deps.config.outboxDir });
  // Named once at start, so a self-hoster without SMTP knows where to read sign-in codes.
  if (!deps.config.smtpUrl && !process.env.VITEST) console.info(`SMTP_URL is not set: sign-in codes are written to ${deps.config.outboxDir}`);
  const sessions = new SessionStore(deps.db, deps.config.sessionHours);
  const ledger = new CreditLedger(deps.db, { freeDailyCredits: deps.config.freeDailyCredits, now: deps.now });
  const accounts = new AccountRepository(deps.db);
  const codes = new LoginCodes(deps.db, mailer);
  registerAccountRoutes(app, { accounts, codes, sessions, ledger });
  return {
    sessions, ledger, accounts, mailer,
    payerOf: (request) => payerOf(request, sessions),
    chargeForTask: (payer, task, insertTask) => ledger.chargeForTask(payer, task, insertTask),
  };
}
