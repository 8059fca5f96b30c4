import { createContext, useContext } from 'react';

export type ToastTone = 'info' | 'error' | 'success';

export interface ToastApi {
  /** Shows an already translated message; it hides itself after TOAST_DURATION_MS. */
  show(message: string, tone?: ToastTone): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
