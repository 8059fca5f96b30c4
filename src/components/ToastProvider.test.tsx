import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { TOAST_DURATION_MS } from '../../engine/spec/limits';
import { useToast } from './ToastContext';
import { ToastProvider } from './ToastProvider';

/** Buttons that raise toasts, as the tools do. */
function Raise({ messages }: { messages: string[] }) {
  const toast = useToast();
  return (
    <>
      {messages.map((message) => (
        <button key={message} type="button" onClick={() => toast.show(message, 'error')}>{`raise ${message}`}</button>
      ))}
    </>
  );
}

const toastTexts = () => [...document.querySelectorAll('[data-testid="toast"]')].map((toast) => toast.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('ToastProvider', () => {
  test('a toast is announced politely and hides itself after the SPEC toast duration', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const screen = await render(
      <ToastProvider>
        <Raise messages={['Upload failed']} />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'raise Upload failed' }));
    const toast = screen.getByRole('status');
    await expect.element(toast).toHaveTextContent('Upload failed');
    await expect.element(toast).toHaveAttribute('aria-live', 'polite');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    await expect.element(toast).toBeInTheDocument();
    vi.advanceTimersByTime(1);
    await expect.element(toast).not.toBeInTheDocument();
  });

  test('at most three stay on screen, the same message twice shows once, and a click dismisses one', async () => {
    const screen = await render(
      <ToastProvider>
        <Raise messages={['one', 'two', 'three', 'four']} />
      </ToastProvider>,
    );
    for (const message of ['one', 'two', 'one', 'three', 'four']) await userEvent.click(screen.getByRole('button', { name: `raise ${message}` }));
    await vi.waitFor(() => expect(toastTexts()).toEqual(['one', 'three', 'four']));
    await userEvent.click(screen.getByRole('status').filter({ hasText: 'three' }));
    await vi.waitFor(() => expect(toastTexts()).toEqual(['one', 'four']));
  });
});
