/**
 * A minimal toast system: messages stack at the bottom of the screen and hide
 * after TOAST_DURATION_MS (SPEC §9: toast 3 s). Each toast is a polite live
 * region so screen readers announce it without stealing focus.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '../../engine/spec/limits';
import { ToastContext, type ToastApi, type ToastTone } from './ToastContext';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

/** More than this and the oldest goes: a burst of errors must not cover the page. */
const MAX_VISIBLE = 3;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ToastApi['show']>(
    (message, tone = 'info') => {
      const id = nextId.current++;
      // The same message twice in a row shows once, with a fresh timer.
      setToasts((list) => [...list.filter((toast) => toast.message !== message), { id, message, tone }].slice(-MAX_VISIBLE));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone}`} role="status" aria-live="polite" data-testid="toast" onClick={() => dismiss(toast.id)}>
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
