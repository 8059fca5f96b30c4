import { assign, fromPromise, setup } from 'xstate';
import { POLL_INTERVAL_MS } from '../engine/spec/limits';
import { codeOf } from './login.machine';

export type CheckoutReply = { repeat: true } | { repeat: false; purchaseId: string; url: string };
export type OrderStatus = 'pending' | 'paid' | 'refunded' | 'failed' | 'canceled';

export interface PurchaseContext {
  productId: string | null;
  currency: string;
  purchaseId: string | null;
  errorCode: number | null;
  /** Confirmation polls of a returned checkout whose order is still pending. */
  polls: number;
  /** The page was loaded by the provider's cancel link. */
  returnedCancelled: boolean;
}

export type PurchaseEvent =
  | { type: 'purchase.open'; productId: string; currency: string; loggedIn: boolean }
  | { type: 'purchase.returned'; purchaseId: string; result: 'success' | 'cancel' }
  | { type: 'purchase.cancel' }
  | { type: 'purchase.reset' };

/** A checkout whose order is still pending after this many 1 s polls is reported as failed. */
export const MAX_CONFIRM_POLLS = 30;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`purchase: provide the "${name}" actor`);
};

/**
 * The purchase machine of SPEC §4: none, purchasing, success, fail, cancel, repeat. Opening a
 * purchase while signed out does not start one: `requireLogin` shows the sign-in first and the
 * login machine resumes the purchase afterwards (SPEC §4 dialogs). A plan already running ends
 * in `repeat`. After the provider's checkout page returns, the order is polled every 1 s until
 * it is paid (success), cancelled (cancel) or failed.
 *
 * Provided by the app: actors `startCheckout`, `fetchOrder`; actions `requireLogin`, `openCheckout`,
 * `purchased` (refresh balance and plan).
 */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    input: {} as { returning?: { purchaseId: string; result: 'success' | 'cancel' } | null },
  },
  actors: {
    startCheckout: fromPromise<CheckoutReply, { productId: string; currency: string }>(notProvided('startCheckout')),
    fetchOrder: fromPromise<{ status: OrderStatus }, { purchaseId: string }>(notProvided('fetchOrder')),
  },
  actions: {
    requireLogin: (_, _params: { productId: string }) => undefined,
    openCheckout: (_, _params: { url: string }) => undefined,
    purchased: (_, _params: { purchaseId: string | null }) => undefined,
  },
  delays: { poll: POLL_INTERVAL_MS },
}).createMachine({
  id: 'purchase',
  context: ({ input }) => ({
    productId: null,
    currency: 'usd',
    purchaseId: input.returning?.purchaseId ?? null,
    errorCode: null,
    polls: 0,
    returnedCancelled: input.returning?.result === 'cancel',
  }),
  initial: 'derive',
  states: {
    /** A page loaded by the provider's return link starts by confirming (or cancelling) that order. */
    derive: {
      always: [
        { guard: ({ context }) => context.purchaseId !== null && context.returnedCancelled, target: 'cancel' },
        { guard: ({ context }) => context.purchaseId !== null, target: 'purchasing.confirming' },
        { target: 'none' },
      ],
    },
    none: {
      on: {
        'purchase.open': [
          { guard: ({ event }) => !event.loggedIn, actions: { type: 'requireLogin', params: ({ event }) => ({ productId: event.productId }) } },
          {
            target: 'purchasing',
            actions: assign({ productId: ({ event }) => event.productId, currency: ({ event }) => event.currency, errorCode: null, polls: 0 }),
          },
        ],
        'purchase.returned': [
          { guard: ({ event }) => event.result === 'cancel', target: 'cancel' },
          { target: 'purchasing.confirming', actions: assign({ purchaseId: ({ event }) => event.purchaseId, polls: 0 }) },
        ],
      },
    },
    purchasing: {
      initial: 'checkout',
      on: { 'purchase.cancel': { target: 'cancel' } },
      states: {
        checkout: {
          invoke: {
            src: 'startCheckout',
            input: ({ context }) => ({ productId: context.productId!, currency: context.currency }),
            onDone: [
              { guard: ({ event }) => event.output.repeat, target: '#purchase.repeat' },
              {
                target: 'paying',
                actions: [
                  assign({ purchaseId: ({ event }) => (event.output.repeat ? null : event.output.purchaseId) }),
                  { type: 'openCheckout', params: ({ event }) => ({ url: event.output.repeat ? '' : event.output.url }) },
                ],
              },
            ],
            onError: { target: '#purchase.fail', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
          },
        },
        /** The provider's checkout page is open; it comes back with purchase.returned. */
        paying: {
          on: {
            'purchase.returned': [
              { guard: ({ event }) => event.result === 'cancel', target: '#purchase.cancel' },
              { target: 'confirming', actions: assign({ purchaseId: ({ event }) => event.purchaseId, polls: 0 }) },
            ],
          },
        },
        confirming: {
          invoke: {
            src: 'fetchOrder',
            input: ({ context }) => ({ purchaseId: context.purchaseId! }),
            onDone: [
              { guard: ({ event }) => event.output.status === 'paid', target: '#purchase.success' },
              { guard: ({ event }) => event.output.status === 'canceled', target: '#purchase.cancel' },
              { guard: ({ event, context }) => event.output.status === 'pending' && context.polls < MAX_CONFIRM_POLLS, target: 'waiting' },
              { target: '#purchase.fail' },
            ],
            onError: { target: '#purchase.fail', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
          },
        },
        waiting: {
          after: { poll: { target: 'confirming', actions: assign({ polls: ({ context }) => context.polls + 1 }) } },
        },
      },
    },
    success: {
      entry: { type: 'purchased', params: ({ context }) => ({ purchaseId: context.purchaseId }) },
      on: { 'purchase.reset': { target: 'none' } },
    },
    fail: { on: { 'purchase.reset': { target: 'none' }, 'purchase.cancel': { target: 'cancel' } } },
    cancel: { on: { 'purchase.reset': { target: 'none' } } },
    repeat: { on: { 'purchase.reset': { target: 'none' } } },
  },
});
