import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { accountPayer, type Payer } from '../credits/creditLedger';
import { DEVICE_ID_HEADER } from '../security/ownerKey';
import type { SessionStore } from './sessions';

const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A hash of the client's network address: the "requester" of rate limits and of a visitor without device id. */
export const requesterOf = (request: FastifyRequest): string => sha(`ip:${request.ip}`);

/**
 * Who pays for a request's task: the signed-in account (a bad token is 1000006, never a silent
 * fall-back to the free allowance), else the visitor's device, else its network address.
 */
export async function payerOf(request: FastifyRequest, sessions: SessionStore): Promise<Payer> {
  const account = await sessions.accountOf(request);
  // An account's free allowance is capped per address too (issue 30 item 4): many accounts from one
  // network do not mint more free credits than its visitors could.
  if (account) return `${accountPayer(account.accountId)}|${requesterOf(request)}`;
  const header = request.headers[DEVICE_ID_HEADER];
  // A visitor's device, with its network address for the per-address cap of free credits.
  if (typeof header === 'string' && DEVICE_ID_SHAPE.test(header)) return `device:${sha(`device:${header}`)}|${requesterOf(request)}`;
  return `ip:${requesterOf(request)}`;
}
