import type { FastifyInstance } from 'fastify';
import { parseProject } from '../../../engine/doc/parseProject';
import { proItemsOf } from '../../../engine/doc/proItems';
import { SubscriptionStatus } from '../../../engine/spec/commerce';
import type { CommerceService } from '../commerce/commerceService';
import { ok, paramsInvalid } from '../envelope';
import type { SessionStore } from './sessions';

/** Whether the account's plan unlocks pro items now: a paid plan, Active or Canceled, within its period. */
export async function hasProAccess(commerce: CommerceService, accountId: string): Promise<boolean> {
  const sub = await commerce.currentSubscription(accountId);
  if (!sub || sub.planId === 'free' || sub.status === SubscriptionStatus.EXPIRED) return false;
  return sub.currentPeriodEnd === null || new Date(sub.currentPeriodEnd) > new Date();
}

/**
 * `POST /api/export/authorize {doc}`: the editor asks before it exports. Saving pro items is free;
 * exporting a design that uses them needs a subscription, so the reply lists them and says
 * whether this account may export them (a visitor may not).
 */
export function registerExportRoutes(app: FastifyInstance, deps: { sessions: SessionStore; commerce: CommerceService; billing?: boolean }): void {
  app.post('/api/export/authorize', async (request) => {
    const doc = (request.body as { doc?: unknown } | null)?.doc;
    let project;
    try {
      project = parseProject(doc).project;
    } catch (err) {
      throw paramsInvalid(`not a project: ${(err as Error).message}`);
    }
    const proItems = proItemsOf(project);
    // Personal mode (BILLING off): nothing is gated.
    if (proItems.length === 0 || deps.billing === false) return ok({ allowed: true, proItems });
    const account = await deps.sessions.accountOf(request);
    const allowed = account ? await hasProAccess(deps.commerce, account.accountId) : false;
    return ok({ allowed, proItems });
  });
}
