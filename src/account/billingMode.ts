/**
 * The hosting mode (issue 27), learned from the app config the server already sends (`GET /api/sa/af`, field
 * `billing`; server: BILLING=on). Personal mode (false, also while unknown) shows no price, balance, plan,
 * purchase dialog or PRO badge; service mode shows them all. The `<html data-billing>` attribute lets plain CSS
 * hide the `.billing-only` elements (account.css) before React knows, so a personal install never flashes a price.
 */
import { useSyncExternalStore } from 'react';
import { getAppConfig } from '../api/secureConfig';

let billing = false;
let started = false;
const listeners = new Set<() => void>();

function mark(value: boolean): void {
  billing = value;
  if (typeof document !== 'undefined') document.documentElement.dataset.billing = value ? 'on' : 'off';
  for (const listener of listeners) listener();
}

/** Sets the mode as if the app config had said it (markup tests render both modes). */
export function setBillingMode(value: boolean): void {
  started = true;
  mark(value);
}

/** Fetches the mode once for the page's life (the app config is cached by secureConfig.ts). */
export function loadBillingMode(): void {
  if (started) return;
  started = true;
  void getAppConfig().then(
    (config) => mark(config.billing === true),
    () => mark(false),
  );
}

/** Whether this server runs the paid service (BILLING=on); false in personal mode and until the config is read. */
export function useBilling(): boolean {
  loadBillingMode();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => billing,
    // Markup rendered outside a browser (tests) shows the mode last set; a browser starts in personal mode.
    () => billing,
  );
}
