import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ConfirmDialog } from './ConfirmDialog';

/** A page with a button that asks before deleting, as the editor's "Delete project" does. */
function AskBeforeDelete({ onConfirm, busy = false }: { onConfirm(): void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete project
      </button>
      <ConfirmDialog
        open={open}
        title="Delete this project?"
        message="It cannot be restored."
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  test('opens as a modal named by its title; Escape and Cancel close it without confirming', async () => {
    const onConfirm = vi.fn();
    const screen = await render(<AskBeforeDelete onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete project' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this project?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(screen.getByText('It cannot be restored.')).toBeVisible();
    // The page behind is inert while the dialog is open.
    expect((dialog.element() as HTMLDialogElement).matches(':modal')).toBe(true);
    await userEvent.keyboard('{Escape}');
    // Closed, it leaves the accessibility tree: found by its test id from here on.
    const closed = screen.getByTestId('confirm.dialog');
    await expect.element(closed).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Delete project' }));
    await expect.element(dialog).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect.element(closed).not.toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('the confirm button says what happens and confirms once; while busy it cannot be pressed', async () => {
    const onConfirm = vi.fn();
    const screen = await render(<AskBeforeDelete onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete project' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete', exact: true }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await expect.element(screen.getByTestId('confirm.dialog')).not.toBeVisible();

    screen.rerender(<AskBeforeDelete onConfirm={onConfirm} busy />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete project' }));
    await expect.element(screen.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  });
});
