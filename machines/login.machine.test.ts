import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ResultCode } from '../engine/spec/errors';
import { loginMachine, loginState, type SignInResult, type StoredAccount } from './login.machine';
import { isAuthPage, isWorkPage, navigationAfterLogin } from './loginNavigation';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const ACCOUNT: StoredAccount = { accountId: 'ACC_1', token: 'lc_tok', email: 'a@example.org' };
const codeError = (code: number) => Object.assign(new Error('failed'), { code });
const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number, error: Error) => new Promise<never>((_, reject) => setTimeout(() => reject(error), ms));

function start(
  options: {
    account?: StoredAccount | null;
    verify?: () => Promise<SignInResult>;
    send?: () => Promise<void>;
    provider?: () => Promise<SignInResult>;
    signOut?: () => Promise<void>;
  } = {},
) {
  const calls = { store: vi.fn(), clear: vi.fn(), after: vi.fn(), resume: vi.fn(), send: vi.fn(), verify: vi.fn(), provider: vi.fn() };
  const machine = loginMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => {
        calls.send(input);
        return (options.send ?? (() => later(300, undefined)))();
      }),
      verifyCode: fromPromise(async ({ input }) => {
        calls.verify(input);
        return (options.verify ?? (() => later(300, { account: ACCOUNT, isNew: false })))();
      }),
      signInWithProvider: fromPromise(async ({ input }) => {
        calls.provider(input);
        return (options.provider ?? (() => later(300, { account: ACCOUNT, isNew: true })))();
      }),
      signOut: fromPromise(async () => (options.signOut ?? (() => later(100, undefined)))()),
    },
    actions: {
      storeAccount: (_, p) => calls.store(p.account),
      clearAccount: () => calls.clear(),
      afterSignIn: (_, p) => calls.after(p.isNew),
      resumePending: (_, p) => calls.resume(p.action),
    },
  });
  const actor = createActor(machine, { input: { account: options.account ?? null } }).start();
  const state = () => loginState(actor.getSnapshot().value);
  return { actor, state, calls, ctx: () => actor.getSnapshot().context };
}

describe('login machine (SPEC §4)', () => {
  it('derives its first state from the stored account: none without a token, success with one', () => {
    expect(start().state()).toBe('none');
    expect(start({ account: { accountId: 'ACC_1', token: '' } }).state()).toBe('none');
    expect(start({ account: ACCOUNT }).state()).toBe('success');
  });

  it('none → logging → code sent → success: stores the account, runs the after-sign-in rules', async () => {
    const t = start();
    t.actor.send({ type: 'login.open' });
    expect(t.state()).toBe('logging');
    t.actor.send({ type: 'login.sendCode', email: 'a@example.org' });
    expect(t.actor.getSnapshot().value).toEqual({ logging: 'sending' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.actor.getSnapshot().value).toEqual({ logging: 'enterCode' });
    t.actor.send({ type: 'login.submitCode', code: '123456' });
    expect(t.calls.verify).toHaveBeenCalledWith({ email: 'a@example.org', code: '123456' });
    await vi.advanceTimersByTimeAsync(299);
    expect(t.state()).toBe('logging');
    await vi.advanceTimersByTimeAsync(1);
    expect(t.state()).toBe('success');
    expect(t.calls.store).toHaveBeenCalledWith(ACCOUNT);
    expect(t.calls.after).toHaveBeenCalledWith(false);
    expect(t.ctx().lastSignIn).toBe('log-in');
  });

  it('a wrong code (-1018) stays on the code step with the error; an expired one (-1017) is fail', async () => {
    let reply: Error | SignInResult = codeError(ResultCode.VERIFY_CODE_WRONG);
    const t = start({ verify: () => (reply instanceof Error ? failAfter(10, reply) : later(10, reply)) });
    t.actor.send({ type: 'login.open' });
    t.actor.send({ type: 'login.sendCode', email: 'a@example.org' });
    await vi.advanceTimersByTimeAsync(300);
    t.actor.send({ type: 'login.submitCode', code: '000000' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.actor.getSnapshot().value).toEqual({ logging: 'enterCode' });
    expect(t.ctx().errorCode).toBe(ResultCode.VERIFY_CODE_WRONG);
    reply = codeError(ResultCode.VERIFY_CODE_EXPIRED);
    t.actor.send({ type: 'login.submitCode', code: '111111' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.state()).toBe('fail');
    expect(t.ctx().errorCode).toBe(ResultCode.VERIFY_CODE_EXPIRED);
    // From fail a new code can be asked for at once.
    t.actor.send({ type: 'login.sendCode', email: 'a@example.org' });
    expect(t.actor.getSnapshot().value).toEqual({ logging: 'sending' });
  });

  it('a code that cannot be sent (offline) is fail with the network error', async () => {
    const t = start({ send: () => failAfter(50, new TypeError('Failed to fetch')) });
    t.actor.send({ type: 'login.open' });
    t.actor.send({ type: 'login.sendCode', email: 'a@example.org' });
    await vi.advanceTimersByTimeAsync(50);
    expect(t.state()).toBe('fail');
    expect(t.ctx().errorCode).toBe(ResultCode.NETWORK_ERROR);
    t.actor.send({ type: 'login.cancel' });
    expect(t.state()).toBe('cancel');
    t.actor.send({ type: 'login.open' });
    expect(t.state()).toBe('logging');
  });

  it('cancel from logging is cancel, and drops a pending purchase', async () => {
    const t = start();
    t.actor.send({ type: 'login.require', action: 'purchase' });
    t.actor.send({ type: 'login.open' });
    t.actor.send({ type: 'login.cancel' });
    expect(t.state()).toBe('cancel');
    expect(t.ctx().pending).toBeNull();
    t.actor.send({ type: 'login.require', action: 'payment' });
    expect(t.state()).toBe('need-login');
  });

  it('need-login (purchase while signed out) resumes the purchase after sign-in with a provider; a new account is sign-up', async () => {
    const t = start();
    t.actor.send({ type: 'login.require', action: 'purchase' });
    expect(t.state()).toBe('need-login');
    expect(t.ctx().pending).toBe('purchase');
    t.actor.send({ type: 'login.provider', provider: 'google' });
    expect(t.calls.provider).toHaveBeenCalledWith({ provider: 'google' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.state()).toBe('success');
    expect(t.calls.resume).toHaveBeenCalledWith('purchase');
    expect(t.calls.after).toHaveBeenCalledWith(true);
    expect(t.ctx().pending).toBeNull();
    t.actor.send({ type: 'login.require', action: 'purchase' });
    expect(t.state()).toBe('success');
  });

  it('need-login can be cancelled, or go straight to sending a code', async () => {
    const t = start();
    t.actor.send({ type: 'login.require', action: 'save' });
    t.actor.send({ type: 'login.cancel' });
    expect(t.state()).toBe('cancel');
    const u = start();
    u.actor.send({ type: 'login.require', action: 'save' });
    u.actor.send({ type: 'login.sendCode', email: 'b@example.org' });
    expect(u.actor.getSnapshot().value).toEqual({ logging: 'sending' });
  });

  it('a provider sign-in that fails is fail', async () => {
    const t = start({ provider: () => failAfter(20, codeError(ResultCode.SERVER_ERROR)) });
    t.actor.send({ type: 'login.open' });
    t.actor.send({ type: 'login.provider', provider: 'apple' });
    await vi.advanceTimersByTimeAsync(20);
    expect(t.state()).toBe('fail');
    expect(t.ctx().errorCode).toBe(ResultCode.SERVER_ERROR);
  });

  it('any server reply with 1000006 moves success to expired, which clears the account and asks to sign in again', async () => {
    const t = start({ account: ACCOUNT });
    t.actor.send({ type: 'server.reply', resultCode: ResultCode.SUCCESS });
    t.actor.send({ type: 'server.reply', resultCode: ResultCode.CREDITS_NOT_ENOUGH });
    expect(t.state()).toBe('success');
    t.actor.send({ type: 'server.reply', resultCode: ResultCode.ACCOUNT_AUTHORIZED_EXPIRED });
    expect(t.state()).toBe('expired');
    expect(t.calls.clear).toHaveBeenCalled();
    expect(t.ctx().account).toBeNull();
    t.actor.send({ type: 'login.sendCode', email: 'a@example.org' });
    await vi.advanceTimersByTimeAsync(300);
    t.actor.send({ type: 'login.submitCode', code: '123456' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.state()).toBe('success');
  });

  it('expired can be dismissed (cancel) or reopened, and login.expired works like a 1000006 reply', () => {
    const t = start({ account: ACCOUNT });
    t.actor.send({ type: 'login.expired' });
    expect(t.state()).toBe('expired');
    t.actor.send({ type: 'login.open' });
    expect(t.state()).toBe('logging');
    const u = start({ account: ACCOUNT });
    u.actor.send({ type: 'login.expired' });
    u.actor.send({ type: 'login.cancel' });
    expect(u.state()).toBe('cancel');
  });

  it('sign out goes back to none, also when the server cannot be reached', async () => {
    const t = start({ account: ACCOUNT });
    t.actor.send({ type: 'login.signOut' });
    await vi.advanceTimersByTimeAsync(100);
    expect(t.state()).toBe('none');
    expect(t.calls.clear).toHaveBeenCalled();
    const u = start({ account: ACCOUNT, signOut: () => failAfter(100, new Error('offline')) });
    u.actor.send({ type: 'login.signOut' });
    await vi.advanceTimersByTimeAsync(100);
    expect(u.state()).toBe('none');
  });
});

describe('navigation after login (SPEC §2)', () => {
  const base = { lang: 'de', screenWidth: 1280, now: 100_000 };
  it('reloads elsewhere, but not on tool and editor pages, nor when suppressed, nor twice within 10 s', () => {
    expect(navigationAfterLogin({ ...base, path: '/de/pricing', previousPath: null })).toEqual({ kind: 'reload' });
    expect(navigationAfterLogin({ ...base, path: '/de/tools/background-remover', previousPath: null })).toEqual({ kind: 'stay' });
    expect(navigationAfterLogin({ ...base, path: '/de/create/edit', previousPath: null })).toEqual({ kind: 'stay' });
    expect(navigationAfterLogin({ ...base, path: '/de/pricing', previousPath: null, suppressRefresh: true })).toEqual({ kind: 'stay' });
    expect(navigationAfterLogin({ ...base, path: '/de/pricing', previousPath: null, lastReloadAt: 95_000 })).toEqual({ kind: 'stay' });
    expect(navigationAfterLogin({ ...base, path: '/de/pricing', previousPath: null, lastReloadAt: 89_999 })).toEqual({ kind: 'reload' });
  });
  it('from log-in or sign-up: back to the previous page; to create after another auth page or without history; home below 768 px', () => {
    expect(navigationAfterLogin({ ...base, path: '/de/log-in', previousPath: '/de/pricing' })).toEqual({ kind: 'navigate', to: '/de/pricing' });
    expect(navigationAfterLogin({ ...base, path: '/de/log-in', previousPath: '/de/sign-up' })).toEqual({ kind: 'navigate', to: '/de/create' });
    expect(navigationAfterLogin({ ...base, path: '/de/sign-up', previousPath: null })).toEqual({ kind: 'navigate', to: '/de/create' });
    expect(navigationAfterLogin({ ...base, screenWidth: 500, path: '/de/sign-up', previousPath: '/de/log-in' })).toEqual({ kind: 'navigate', to: '/de' });
  });
});

describe('the pages to return to (issue 29)', () => {
  it('knows the sign-in pages and the pages where a photo is worked on', () => {
    expect(['/en/log-in', '/de/sign-up', '/zh-tw/log-in/'].map(isAuthPage)).toEqual([true, true, true]);
    expect(['/en/tools/blur-background', '/en/create/edit', '/en/pricing'].map(isAuthPage)).toEqual([false, false, false]);
    expect(['/en/tools/background-changer', '/de/create/edit', '/en/batch-edit/resize'].map(isWorkPage)).toEqual([true, true, true]);
    expect(['/en/order', '/en/pricing', '/en/log-in', '/en'].map(isWorkPage)).toEqual([false, false, false, false]);
  });
});
