import { createContext, useContext } from 'react';
import type { StoredAccount } from '../../machines/login.machine';
import type { CreditBalanceView } from '../api/accountTypes';

export type LoginStateName = 'none' | 'logging' | 'success' | 'fail' | 'cancel' | 'expired' | 'need-login';
export type PurchaseStateName = 'none' | 'purchasing' | 'success' | 'fail' | 'cancel' | 'repeat';

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
