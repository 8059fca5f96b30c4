/** A small modal on the native <dialog> element (focus trap, Escape) for the account dialogs. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function ModalDialog({
  open,
  title,
  onClose,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  testId: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="account-dialog" aria-labelledby={titleId} data-testid={testId} onClose={onClose}>
      <h2 id={titleId} className="account-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
