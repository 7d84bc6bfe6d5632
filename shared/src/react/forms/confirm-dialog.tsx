import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { dialogStyles as styles, formStyles } from './styles';

/**
 * How the two buttons sit: 'stack-when-narrow' puts them full width one above the other below
 * 520 px and side by side from there (the patient site, mostly used on phones); 'wrap' keeps them
 * side by side, right-aligned, wrapping only when they do not fit (the admin app, used at a desk).
 */
export type ConfirmDialogActionsLayout = 'stack-when-narrow' | 'wrap';

const ACTIONS_LAYOUT_CLASS: Record<ConfirmDialogActionsLayout, string | undefined> = {
  'stack-when-narrow': styles.stackWhenNarrow,
  wrap: styles.wrap,
};

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** 'stack-when-narrow' unless given. */
  actionsLayout?: ConfirmDialogActionsLayout;
  /** Optional choices between the message and the buttons (they stay inside the Tab loop). */
  children?: ReactNode;
}

/** What Tab moves between inside the dialog. */
const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary';

/** Inside a closed `<details>` (other than its summary): not reachable by Tab. */
function foldedAway(element: HTMLElement): boolean {
  const details = element.closest('details');
  if (!details || details.open) return false;
  return !(element.tagName === 'SUMMARY' && element.parentElement === details);
}

/**
 * A modal alert dialog: focus starts on the safe choice, Tab stays inside, Escape cancels,
 * and focus returns to whatever opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps): ReactNode {
  const { title, message, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel, actionsLayout = 'stack-when-narrow', children } = props;
  const dialog = useRef<HTMLDivElement>(null);
  const safe = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    safe.current?.focus();
    return () => opener?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter((element) => !foldedAway(element));
    if (buttons.length === 0) return;
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialog}
        className={`${styles.dialog} ${ACTIONS_LAYOUT_CLASS[actionsLayout] ?? ''}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
        onKeyDown={onKeyDown}
      >
        <h2 id="confirm-title">{title}</h2>
        <p id="confirm-message">{message}</p>
        {children}
        <div className={styles.actions}>
          <button ref={safe} type="button" className={formStyles.secondary} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={`${formStyles.primary} ${styles.danger}`} onClick={onConfirm} disabled={busy}>
            {busy ? 'Processing...' : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
