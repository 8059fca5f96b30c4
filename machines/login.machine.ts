import { assign, fromPromise, setup } from 'xstate';
import { ResultCode } from '../engine/spec/errors';

/** The stored account (SPEC §3): logged in means a non-empty token and account id. */
export interface StoredAccount {
  accountId: string;
  token: string;
  email?: string | null;
}

export const isLoggedIn = (account: StoredAccount | null | undefined): account is StoredAccount => Boolean(account && account.token && account.accountId);

/** What the user asked for that needs a signed-in account; it resumes after sign-in. */
export type PendingAction = 'purchase' | 'payment' | 'save' | null;

export interface LoginContext {
  account: StoredAccount | null;
  email: string;
  /** Result code of the last failed attempt (-1017, -1018, -1000 offline…). */
  errorCode: number | null;
  pending: PendingAction;
  /** How the sign-in ended: 'sign-up' for a new account. */
  lastSignIn: 'log-in' | 'sign-up' | null;
}

export type LoginEvent =
  | { type: 'login.open' }
  | { type: 'login.require'; action: Exclude<PendingAction, null> }
  | { type: 'login.sendCode'; email: string }
  | { type: 'login.submitCode'; code: string }
  | { type: 'login.provider'; provider: 'google' | 'apple' }
  | { type: 'login.cancel' }
  | { type: 'login.expired' }
  | { type: 'login.signOut' }
  | { type: 'server.reply'; resultCode: number };

export interface SignInResult {
  account: StoredAccount;
  isNew: boolean;
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`login: provide the "${name}" actor`);
};

/** A thrown error's result code: an envelope code when the call got one, else network error. */
export const codeOf = (error: unknown): number =>
  typeof (error as { code?: unknown })?.code === 'number' ? (error as { code: number }).code : ResultCode.NETWORK_ERROR;

/**
 * The login machine of SPEC §4: none, logging, success, fail, cancel, expired, need-login. The
 * first state is derived from the stored account (a token means success). Any server reply with
 * 1000006 moves a signed-in session to `expired`, which asks to sign in again without leaving the
 * page (the open project stays). An action that needs an account (purchase, payment) while signed
 * out goes to `need-login` and resumes after sign-in (`resumePending`).
 *
 * Side effects are named and provided by the app: actors `sendCode`, `verifyCode`, `signInWithProvider`,
 * `signOut`; actions `storeAccount`, `clearAccount`, `afterSignIn` (navigation rules of SPEC §2),
 * `resumePending`.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { account: StoredAccount | null },
  },
  actors: {
    sendCode: fromPromise<void, { email: string }>(notProvided('sendCode')),
    verifyCode: fromPromise<SignInResult, { email: string; code: string }>(notProvided('verifyCode')),
    signInWithProvider: fromPromise<SignInResult, { provider: 'google' | 'apple' }>(notProvided('signInWithProvider')),
    signOut: fromPromise<void, { account: StoredAccount | null }>(notProvided('signOut')),
  },
  actions: {
    storeAccount: (_, _params: { account: StoredAccount }) => undefined,
    clearAccount: () => undefined,
    afterSignIn: (_, _params: { isNew: boolean }) => undefined,
    resumePending: (_, _params: { action: PendingAction }) => undefined,
  },
  guards: {
    isExpiryCode: ({ event }) => event.type === 'server.reply' && event.resultCode === ResultCode.ACCOUNT_AUTHORIZED_EXPIRED,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ account: input.account, email: '', errorCode: null, pending: null, lastSignIn: null }),
  initial: 'derive',
  states: {
    derive: {
      always: [{ guard: ({ context }) => isLoggedIn(context.account), target: 'success' }, { target: 'none' }],
    },
    none: {
      on: {
        'login.open': { target: 'logging' },
        'login.require': { target: 'need-login', actions: assign({ pending: ({ event }) => event.action }) },
      },
    },
    'need-login': {
      on: {
        'login.open': { target: 'logging' },
        'login.sendCode': { target: 'logging.sending', actions: assign({ email: ({ event }) => event.email }) },
        'login.provider': { target: 'logging.provider' },
        'login.cancel': { target: 'cancel', actions: assign({ pending: null }) },
      },
    },
    logging: {
      initial: 'enterEmail',
      on: { 'login.cancel': { target: 'cancel', actions: assign({ pending: null }) } },
      states: {
        enterEmail: {
          on: {
            'login.sendCode': { target: 'sending', actions: assign({ email: ({ event }) => event.email, errorCode: null }) },
            'login.provider': { target: 'provider' },
          },
        },
        sending: {
          invoke: {
            src: 'sendCode',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'enterCode' },
            onError: { target: '#login.fail', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
          },
        },
        enterCode: {
          on: {
            'login.submitCode': { target: 'verifying' },
            'login.sendCode': { target: 'sending', actions: assign({ email: ({ event }) => event.email, errorCode: null }) },
          },
        },
        verifying: {
          invoke: {
            src: 'verifyCode',
            input: ({ context, event }) => ({ email: context.email, code: (event as { code: string }).code }),
            onDone: {
              target: '#login.signedIn',
              actions: assign({ account: ({ event }) => event.output.account, lastSignIn: ({ event }) => (event.output.isNew ? 'sign-up' : 'log-in') }),
            },
            onError: [
              // A wrong code may be typed again; an expired one needs a new code.
              {
                guard: ({ event }) => codeOf(event.error) === ResultCode.VERIFY_CODE_WRONG,
                target: 'enterCode',
                actions: assign({ errorCode: ResultCode.VERIFY_CODE_WRONG }),
              },
              { target: '#login.fail', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
            ],
          },
        },
        provider: {
          invoke: {
            src: 'signInWithProvider',
            input: ({ event }) => ({ provider: (event as { provider: 'google' | 'apple' }).provider }),
            onDone: {
              target: '#login.signedIn',
              actions: assign({ account: ({ event }) => event.output.account, lastSignIn: ({ event }) => (event.output.isNew ? 'sign-up' : 'log-in') }),
            },
            onError: { target: '#login.fail', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
          },
        },
      },
    },
    /** Transient: store the account, apply the navigation rules, resume what waited for sign-in. */
    signedIn: {
      always: {
        target: 'success',
        actions: [
          { type: 'storeAccount', params: ({ context }) => ({ account: context.account! }) },
          { type: 'afterSignIn', params: ({ context }) => ({ isNew: context.lastSignIn === 'sign-up' }) },
          { type: 'resumePending', params: ({ context }) => ({ action: context.pending }) },
          assign({ pending: null, errorCode: null }),
        ],
      },
    },
    success: {
      on: {
        'server.reply': { guard: 'isExpiryCode', target: 'expired' },
        'login.expired': { target: 'expired' },
        'login.signOut': { target: 'signingOut' },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        input: ({ context }) => ({ account: context.account }),
        onDone: { target: 'none', actions: ['clearAccount', assign({ account: null })] },
        // Signing out locally must work offline too: the server session then simply lapses.
        onError: { target: 'none', actions: ['clearAccount', assign({ account: null })] },
      },
    },
    expired: {
      entry: ['clearAccount', assign({ account: null })],
      on: {
        'login.open': { target: 'logging' },
        'login.sendCode': { target: 'logging.sending', actions: assign({ email: ({ event }) => event.email }) },
        'login.cancel': { target: 'cancel' },
      },
    },
    fail: {
      on: {
        'login.open': { target: 'logging' },
        'login.sendCode': { target: 'logging.sending', actions: assign({ email: ({ event }) => event.email, errorCode: null }) },
        'login.cancel': { target: 'cancel', actions: assign({ pending: null }) },
      },
    },
    cancel: {
      on: {
        'login.open': { target: 'logging' },
        'login.require': { target: 'need-login', actions: assign({ pending: ({ event }) => event.action }) },
      },
    },
  },
});

/** The SPEC §4 login state of a snapshot value (sub-states of logging count as logging). */
export function loginState(value: unknown): 'none' | 'logging' | 'success' | 'fail' | 'cancel' | 'expired' | 'need-login' {
  if (typeof value === 'object' && value !== null && 'logging' in value) return 'logging';
  if (value === 'signingOut') return 'success';
  if (value === 'signedIn' || value === 'derive') return 'none';
  return value as 'none';
}
