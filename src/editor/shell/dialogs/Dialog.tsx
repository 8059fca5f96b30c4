/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on Escape and
 * makes the page behind inert. `onClose` fires however it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
  testId?: string;
  wide?: boolean;
}

export function Dialog({ open, title, onClose, children, actions, testId, wide = false }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`ed-dialog${wide ? ' ed-dialog--wide' : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="ed-dialog__box">
        <h2 id={titleId} className="ed-dialog__title">
          {title}
        </h2>
        <div className="ed-dialog__body">{children}</div>
        {actions && <div className="ed-dialog__actions">{actions}</div>}
      </div>
    </dialog>
  );
}
