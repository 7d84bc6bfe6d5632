import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogActionsLayout } from './confirm-dialog';

/** An opener button and the dialog it opens, as a screen uses them. */
function Screen({ onConfirm = jest.fn(), actionsLayout }: { onConfirm?: () => void; actionsLayout?: ConfirmDialogActionsLayout }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancel booking
      </button>
      {open && (
        <ConfirmDialog
          title="Cancel this appointment?"
          message="The time becomes free again."
          confirmLabel="Cancel appointment"
          cancelLabel="Keep it"
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
          actionsLayout={actionsLayout}
        />
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('starts on the safe choice, keeps Tab inside, and confirms on the other button', async () => {
    const onConfirm = jest.fn();
    render(<Screen onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(dialog).toHaveAccessibleDescription('The time becomes free again.');
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and gives focus back to what opened it', async () => {
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Cancel booking' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it.each([
    [undefined, 'stackWhenNarrow'],
    ['stack-when-narrow', 'stackWhenNarrow'],
    ['wrap', 'wrap'],
  ] as const)('lays the actions out as asked (%s gives the %s class)', async (actionsLayout, className) => {
    render(<Screen actionsLayout={actionsLayout} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAttribute('class', `dialog ${className}`);
  });
});
