import { createContext, useContext } from 'react';
import type { StoredAccount } from '../../machines/login.machine';
import type { LOGIN_STATES, PURCHASE_STATES } from '../../engine/spec/kinds';
import type { CreditBalanceView } from '../api/accountTypes';

/** The login and purchase states, named once in engine/spec/kinds.ts. */
export type LoginStateName = (typeof LOGIN_STATES)[number];
export type PurchaseStateName = (typeof PURCHASE_STATES)[number];

export interface AccountApi {
  account: StoredAccount | null;
  loginState: LoginStateName;
  /** The email step of the login machine: enterEmail, sending, enterCode, verifying, provider. */
  loginStep: string | null;
  loginError: number | null;
  purchaseState: PurchaseStateName;
  purchaseError: number | null;
  balance: CreditBalanceView | null;
  refreshBalance(): void;
  openLogin(): void;
  sendCode(email: string): void;
  submitCode(code: string): void;
  cancelLogin(): void;
  signOut(): void;
  /** Starts a purchase; signed out, the sign-in comes first and the purchase follows. */
  buy(productId: string, currency: string): void;
  resetPurchase(): void;
  /** The 1010103 dialog. */
  creditsDialogOpen: boolean;
  closeCreditsDialog(): void;
}

export const AccountContext = createContext<AccountApi | null>(null);

export function useAccount(): AccountApi {
  const api = useContext(AccountContext);
  if (!api) throw new Error('useAccount must be used inside <AccountProvider>');
  return api;
}
