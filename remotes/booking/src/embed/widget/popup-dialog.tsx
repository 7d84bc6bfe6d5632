import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './popup-dialog.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface PopupDialogProps {
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal `<dialog>` (top layer, the page behind is inert): labelled by its title, Escape and
 * Close close it, and Tab wraps around inside it. The caller returns focus to the button.
 */
export function PopupDialog({ onClose, children }: PopupDialogProps): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    if (!element.open) element.showModal();
    const cancel = (event: Event): void => {
      event.preventDefault();
      closeRef.current();
    };
    element.addEventListener('cancel', cancel);
    return () => element.removeEventListener('cancel', cancel);
  }, []);

  function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
    const element = dialog.current;
    if (event.key !== 'Tab' || !element) return;
    // Tab stops only: a radio group's unchosen radios are buttons with tabindex -1 (roving tabindex).
    const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (node) => node.tabIndex >= 0 && node.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = (element.getRootNode() as ShadowRoot | Document).activeElement;
    if (event.shiftKey && (active === first || !element.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !element.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog ref={dialog} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={trapTab}>
      <div className={styles.bar}>
        <h2 id={titleId} className={styles.title}>
          Book an appointment
        </h2>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
