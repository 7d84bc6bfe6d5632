import { useEffect, useRef, type ReactNode } from 'react';
import styles from './calendar.module.css';

export interface DeskDialogProps {
  title: string;
  /** Closing by Escape or the Close button; ignored while `busy`. */
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
}

/**
 * A modal `<dialog>` (the browser keeps focus inside it, makes the page behind it inert and closes
 * it on Escape); focus goes back to whatever opened it.
 */
export function DeskDialog({ title, onClose, busy = false, children }: DeskDialogProps): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="desk-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) closeRef.current();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id="desk-dialog-title">{title}</h2>
        <button type="button" className={styles.close} onClick={onClose} disabled={busy} aria-label="Close">
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
