/**
 * Runs the login and purchase machines for the whole app and gives the pages their state
 * (useAccount). The machines' side effects are provided here with the real API calls.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { LOGIN_RELOAD_AT_KEY as RELOAD_AT_KEY } from '../../engine/spec/storageKeys';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { ResultCode } from '../../engine/spec/errors';
import { MOBILE_BREAKPOINT_PX } from '../../engine/spec/limits';
import { loginMachine, loginState } from '../../machines/login.machine';
import { isAuthPage, isWorkPage, navigationAfterLogin } from '../../machines/loginNavigation';
import { rememberWorkPage } from '../tools/resumeResult';

/** How often batch calls may refresh the header's balance (a batch polls its status every second). */
const BATCH_BALANCE_REFRESH_MS = 3000;
import { purchaseMachine } from '../../machines/purchase.machine';
import { accountApi } from '../api/accountApi';
import { getDeviceId } from '../api/deviceId';
import { useLang } from '../hooks/useLang';
import { AccountContext, type AccountApi, type PurchaseStateName } from './AccountContext';
import { clearStoredAccount, readStoredAccount, storeAccount } from '../api/accountStorage';
import type { CreditBalanceView } from '../api/accountTypes';
import { AuthDialog } from './AuthDialog';
import { CreditsDialog } from './CreditsDialog';
import { GiftDialog } from './GiftDialog';
import { onReply } from '../api/serverReplies';
import { loadBillingMode } from './billingMode';
import './account.css';

/** The checkout return link (`?purchase=ORD_…&result=success`) of the page being loaded, if any. */
function returningPurchase(search: string): { purchaseId: string; result: 'success' | 'cancel' } | null {
  const params = new URLSearchParams(search);
  const purchaseId = params.get('purchase');
  const result = params.get('result');
  if (!purchaseId || (result !== 'success' && result !== 'cancel')) return null;
  return { purchaseId, result };
}

export function AccountProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const lang = useLang();
  const previousPath = useRef<string | null>(null);
  const currentPath = useRef(location.pathname);
  const [balance, setBalance] = useState<CreditBalanceView | null>(null);
  const [creditsDialogOpen, setCreditsDialogOpen] = useState(false);
  const pendingProduct = useRef<{ productId: string; currency: string } | null>(null);
  // The hosting mode (personal or service) from the app config, for every page's prices and badges.
  useEffect(() => loadBillingMode(), []);
  const lastBatchRefresh = useRef(0);

  useEffect(() => {
    // The page to go back to after a sign-in is the last one that was not log-in or sign-up itself: a visitor who
    // goes from a tool to "Sign in" and on to "Sign up" returns to the tool (issue 29), not to /create.
    if (location.pathname !== currentPath.current) {
      if (!isAuthPage(currentPath.current)) previousPath.current = currentPath.current;
      currentPath.current = location.pathname;
    }
    if (isWorkPage(location.pathname)) rememberWorkPage(location.pathname);
  }, [location.pathname]);

  const refreshBalance = useCallback(() => {
    accountApi.balance().then(setBalance, () => undefined);
  }, []);

  const purchaseRef = useActorRef(
    purchaseMachine.provide({
      actors: {
        startCheckout: fromPromise(({ input }) => accountApi.checkout(input.productId, input.currency, `/${lang}/order`)),
        fetchOrder: fromPromise(async ({ input }) => ({ status: (await accountApi.order(input.purchaseId)).status })),
      },
      actions: {
        requireLogin: (_, params) => {
          pendingProduct.current = { productId: params.productId, currency: pendingProduct.current?.currency ?? 'usd' };
          loginRef.send({ type: 'login.require', action: 'purchase' });
        },
        openCheckout: (_, params) => window.location.assign(params.url),
        purchased: () => refreshBalance(),
      },
    }),
    { input: { returning: returningPurchase(location.search) } },
  );

  const loginRef = useActorRef(
    loginMachine.provide({
      actors: {
        sendCode: fromPromise(async ({ input }) => {
          await accountApi.sendCode(input.email);
        }),
        verifyCode: fromPromise(async ({ input }) => {
          const reply = await accountApi.verifyCode(input.email, input.code);
          return { account: { accountId: reply.accountId, token: reply.token, email: reply.email }, isNew: reply.isNew };
        }),
        // The provider's pages take over the window; the sign-in comes back as a new page load.
        signInWithProvider: fromPromise(({ input }) => {
          const returnTo = /\/(log-in|sign-up)\/?$/.test(window.location.pathname) ? (previousPath.current ?? `/${lang}/create`) : window.location.pathname;
          window.location.assign(`/api/account/oidc/${input.provider}/start?${new URLSearchParams({ returnTo, deviceId: getDeviceId() })}`);
          return new Promise<never>(() => undefined);
        }),
        signOut: fromPromise(async () => {
          await accountApi.signOut();
        }),
      },
      actions: {
        storeAccount: (_, params) => void storeAccount(params.account),
        clearAccount: () => clearStoredAccount(),
        afterSignIn: () => {
          refreshBalance();
          let lastReloadAt: number | null = null;
          try {
            lastReloadAt = Number(sessionStorage.getItem(RELOAD_AT_KEY)) || null;
          } catch {
            // No session storage: no guard.
          }
          const next = navigationAfterLogin({
            path: window.location.pathname,
            previousPath: previousPath.current,
            lang,
            screenWidth: window.innerWidth,
            // A sign-in inside a dialog keeps the page as it is (an open project, a purchase to resume).
            // A purchase waiting for this sign-in continues on the same page instead.
            suppressRefresh: pendingProduct.current !== null,
            lastReloadAt,
            now: Date.now(),
          });
          if (next.kind === 'navigate') navigate(next.to);
          if (next.kind === 'reload') {
            try {
              sessionStorage.setItem(RELOAD_AT_KEY, String(Date.now()));
            } catch {
              // Reload anyway.
            }
            window.location.reload();
          }
        },
        resumePending: (_, params) => {
          const pending = pendingProduct.current;
          if (params.action === 'purchase' && pending) {
            pendingProduct.current = null;
            purchaseRef.send({ type: 'purchase.open', productId: pending.productId, currency: pending.currency, loggedIn: true });
          }
        },
      },
    }),
    { input: { account: readStoredAccount() } },
  );

  useEffect(
    () =>
      onReply((code, path) => {
        // A task submitted or cancelled changes the balance the header shows.
        // A task submitted or cancelled changes the balance the header shows.
        if (path && /^\/api\/task\/(?!.*status$)/.test(path) && code === ResultCode.SUCCESS) refreshBalance();
        // A batch is charged photo by photo as the server queues them and refunded for each that fails, so the header
        // follows its calls and status polls too (issue 29: it showed 89 while 84 were held), at most every few seconds.
        if (path && /^\/api\/batch(\/|$)/.test(path) && code === ResultCode.SUCCESS && Date.now() - lastBatchRefresh.current >= BATCH_BALANCE_REFRESH_MS) {
          lastBatchRefresh.current = Date.now();
          refreshBalance();
        }
        if (code === ResultCode.ACCOUNT_AUTHORIZED_EXPIRED) loginRef.send({ type: 'server.reply', resultCode: code });
        if (code === ResultCode.CREDITS_NOT_ENOUGH) {
          // Below 768 px the purchase dialog becomes the price page (SPEC §2).
          if (window.innerWidth < MOBILE_BREAKPOINT_PX) navigate(`/${lang}/pricing`);
          else setCreditsDialogOpen(true);
        }
      }),
    [loginRef, navigate, lang, refreshBalance],
  );

  const loginValue = useSelector(loginRef, (s) => s.value);
  const loginContext = useSelector(loginRef, (s) => s.context);
  const purchaseValue = useSelector(purchaseRef, (s) => s.value);
  const purchaseError = useSelector(purchaseRef, (s) => s.context.errorCode);

  const api = useMemo<AccountApi>(
    () => ({
      account: loginContext.account,
      loginState: loginState(loginValue),
      loginStep: typeof loginValue === 'object' && loginValue && 'logging' in loginValue ? String((loginValue as { logging: string }).logging) : null,
      loginError: loginContext.errorCode,
      purchaseState: (typeof purchaseValue === 'object'
        ? Object.keys(purchaseValue)[0]
        : purchaseValue === 'derive'
          ? 'none'
          : purchaseValue) as PurchaseStateName,
      purchaseError,
      balance,
      refreshBalance,
      openLogin: () => loginRef.send({ type: 'login.open' }),
      sendCode: (email) => loginRef.send({ type: 'login.sendCode', email }),
      submitCode: (code) => loginRef.send({ type: 'login.submitCode', code }),
      cancelLogin: () => loginRef.send({ type: 'login.cancel' }),
      signOut: () => loginRef.send({ type: 'login.signOut' }),
      buy: (productId, currency) => {
        pendingProduct.current = { productId, currency };
        const loggedIn = loginState(loginRef.getSnapshot().value) === 'success';
        if (loggedIn) pendingProduct.current = null;
        purchaseRef.send({ type: 'purchase.reset' });
        purchaseRef.send({ type: 'purchase.open', productId, currency, loggedIn });
      },
      resetPurchase: () => purchaseRef.send({ type: 'purchase.reset' }),
      creditsDialogOpen,
      closeCreditsDialog: () => setCreditsDialogOpen(false),
    }),
    [loginContext, loginValue, purchaseValue, purchaseError, balance, refreshBalance, loginRef, purchaseRef, creditsDialogOpen],
  );

  // Balance follows the account.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new account (sign-in, sign-out) refreshes the balance
  useEffect(() => {
    refreshBalance();
  }, [loginContext.account, refreshBalance]);

  return (
    <AccountContext.Provider value={api}>
      {children}
      <AuthDialog />
      <CreditsDialog />
      <GiftDialog />
    </AccountContext.Provider>
  );
}
