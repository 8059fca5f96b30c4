import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ResultCode } from '../engine/spec/errors';
import { purchaseMachine, MAX_CONFIRM_POLLS, type CheckoutReply, type OrderStatus } from './purchase.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number, error: Error) => new Promise<never>((_, reject) => setTimeout(() => reject(error), ms));

function start(
  options: { checkout?: () => Promise<CheckoutReply>; statuses?: OrderStatus[]; returning?: { purchaseId: string; result: 'success' | 'cancel' } } = {},
) {
  const statuses = [...(options.statuses ?? ['paid'])];
  const calls = { requireLogin: vi.fn(), openCheckout: vi.fn(), purchased: vi.fn(), fetchOrder: vi.fn(), checkout: vi.fn() };
  const machine = purchaseMachine.provide({
    actors: {
      startCheckout: fromPromise(async ({ input }) => {
        calls.checkout(input);
        return (options.checkout ?? (() => later(200, { repeat: false as const, purchaseId: 'ORD_1', url: 'https://pay/cs_1' })))();
      }),
      fetchOrder: fromPromise(async ({ input }) => {
        calls.fetchOrder(input);
        return later(50, { status: statuses.length > 1 ? statuses.shift()! : statuses[0]! });
      }),
    },
    actions: {
      requireLogin: (_, p) => calls.requireLogin(p.productId),
      openCheckout: (_, p) => calls.openCheckout(p.url),
      purchased: (_, p) => calls.purchased(p.purchaseId),
    },
  });
  const actor = createActor(machine, { input: { returning: options.returning ?? null } }).start();
  const state = () => {
    const v = actor.getSnapshot().value;
    return typeof v === 'object' ? Object.keys(v)[0] : v;
  };
  return { actor, state, calls, ctx: () => actor.getSnapshot().context };
}

const open = { type: 'purchase.open' as const, productId: 'credits-20', currency: 'usd', loggedIn: true };

describe('purchase machine (SPEC §4)', () => {
  it('starts in none; signed out, opening a purchase asks for sign-in first and stays none', () => {
    const t = start();
    expect(t.state()).toBe('none');
    t.actor.send({ ...open, loggedIn: false });
    expect(t.state()).toBe('none');
    expect(t.calls.requireLogin).toHaveBeenCalledWith('credits-20');
    expect(t.calls.checkout).not.toHaveBeenCalled();
  });

  it('none → purchasing (checkout opened) → returned → order paid → success', async () => {
    const t = start();
    t.actor.send(open);
    expect(t.state()).toBe('purchasing');
    expect(t.calls.checkout).toHaveBeenCalledWith({ productId: 'credits-20', currency: 'usd' });
    await vi.advanceTimersByTimeAsync(200);
    expect(t.calls.openCheckout).toHaveBeenCalledWith('https://pay/cs_1');
    expect(t.actor.getSnapshot().value).toEqual({ purchasing: 'paying' });
    t.actor.send({ type: 'purchase.returned', purchaseId: 'ORD_1', result: 'success' });
    await vi.advanceTimersByTimeAsync(50);
    expect(t.state()).toBe('success');
    expect(t.calls.purchased).toHaveBeenCalledWith('ORD_1');
    t.actor.send({ type: 'purchase.reset' });
    expect(t.state()).toBe('none');
  });

  it('a pending order is polled every 1 s until paid', async () => {
    const t = start({ statuses: ['pending', 'pending', 'paid'], returning: { purchaseId: 'ORD_9', result: 'success' } });
    expect(t.state()).toBe('purchasing');
    await vi.advanceTimersByTimeAsync(50);
    expect(t.calls.fetchOrder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.calls.fetchOrder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls.fetchOrder).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1050);
    await vi.advanceTimersByTimeAsync(50);
    expect(t.state()).toBe('success');
    expect(t.calls.fetchOrder).toHaveBeenCalledTimes(3);
  });

  it('an order that stays pending too long is fail', async () => {
    const t = start({ statuses: ['pending'], returning: { purchaseId: 'ORD_slow', result: 'success' } });
    await vi.advanceTimersByTimeAsync((MAX_CONFIRM_POLLS + 2) * 1050);
    expect(t.state()).toBe('fail');
  });

  it('a plan already running is repeat', async () => {
    const t = start({ checkout: () => later(10, { repeat: true as const }) });
    t.actor.send({ ...open, productId: 'monthly' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.state()).toBe('repeat');
    expect(t.calls.openCheckout).not.toHaveBeenCalled();
    t.actor.send({ type: 'purchase.reset' });
    expect(t.state()).toBe('none');
  });

  it('a refused checkout is fail with its code (1000006 when the sign-in lapsed), and fail can be dismissed', async () => {
    const t = start({ checkout: () => failAfter(10, Object.assign(new Error('x'), { code: ResultCode.ACCOUNT_AUTHORIZED_EXPIRED })) });
    t.actor.send(open);
    await vi.advanceTimersByTimeAsync(10);
    expect(t.state()).toBe('fail');
    expect(t.ctx().errorCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
    t.actor.send({ type: 'purchase.reset' });
    expect(t.state()).toBe('none');
    const u = start({ statuses: ['refunded'], returning: { purchaseId: 'ORD_r', result: 'success' } });
    await vi.advanceTimersByTimeAsync(50);
    expect(u.state()).toBe('fail');
    u.actor.send({ type: 'purchase.cancel' });
    expect(u.state()).toBe('cancel');
  });

  it('cancel: on the provider page, by the user while purchasing, or an order the provider cancelled', async () => {
    const t = start();
    t.actor.send(open);
    await vi.advanceTimersByTimeAsync(200);
    t.actor.send({ type: 'purchase.returned', purchaseId: 'ORD_1', result: 'cancel' });
    expect(t.state()).toBe('cancel');
    t.actor.send({ type: 'purchase.reset' });
    t.actor.send(open);
    t.actor.send({ type: 'purchase.cancel' });
    expect(t.state()).toBe('cancel');
    const u = start({ statuses: ['canceled'], returning: { purchaseId: 'ORD_c', result: 'success' } });
    await vi.advanceTimersByTimeAsync(50);
    expect(u.state()).toBe('cancel');
  });

  it('a checkout page that returns to a fresh page load (purchase.returned in none) confirms the order, or cancels', async () => {
    expect(start({ returning: { purchaseId: 'ORD_x', result: 'cancel' } }).state()).toBe('cancel');
    const c = start();
    c.actor.send({ type: 'purchase.returned', purchaseId: 'ORD_1', result: 'cancel' });
    expect(c.state()).toBe('cancel');
    const t = start();
    t.actor.send({ type: 'purchase.returned', purchaseId: 'ORD_1', result: 'success' });
    expect(t.state()).toBe('purchasing');
    await vi.advanceTimersByTimeAsync(50);
    expect(t.state()).toBe('success');
  });
});
