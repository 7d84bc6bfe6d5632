import type { ReactNode } from 'react';
import { formStyles as styles } from './styles';

export interface SubmitButtonProps {
  /** While true the button is disabled and says `busyLabel`. */
  busy: boolean;
  /** 'Processing...' unless given. */
  busyLabel?: string;
  /** Added to the kit's primary button class (a screen's width or margin). */
  className?: string;
  children: ReactNode;
}

/** A form's primary submit button, disabled while the form is being sent so it goes once. */
export function SubmitButton({ busy, busyLabel = 'Processing...', className, children }: SubmitButtonProps): ReactNode {
  return (
    <button type="submit" className={className ? `${styles.primary} ${className}` : styles.primary} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
