import { useState } from 'react';
import { CURRENCY_KEY } from '../../engine/spec/storageKeys';
import type { Prices } from '../../engine/spec/commerce';

export type Currency = keyof Prices;
export const CURRENCIES: readonly Currency[] = ['usd', 'eur', 'jpy'];

/** A price in the currency's smallest unit, written the way the language writes money. */
export function formatPrice(amount: number, currency: Currency, language: string): string {
  const digits = currency === 'jpy' ? 0 : 2;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

/** The currency of a language's region: yen for Japanese, euro for the euro-zone languages, else dollars. */
export function defaultCurrency(language: string): Currency {
  if (language === 'ja') return 'jpy';
  if (['de', 'fr', 'it', 'es', 'pt'].includes(language)) return 'eur';
  return 'usd';
}

/** The chosen currency, remembered in local storage. */
export function useCurrency(): [Currency, (c: Currency) => void] {
  const [currency, setCurrency] = useState<Currency>(() => {
    try {
      const stored = localStorage.getItem(CURRENCY_KEY) as Currency | null;
      if (stored && CURRENCIES.includes(stored)) return stored;
    } catch {
      // Fall through.
    }
    return defaultCurrency(document.documentElement.lang || 'en');
  });
  return [
    currency,
    (c) => {
      setCurrency(c);
      try {
        localStorage.setItem(CURRENCY_KEY, c);
      } catch {
        // Not remembered.
      }
    },
  ];
}
