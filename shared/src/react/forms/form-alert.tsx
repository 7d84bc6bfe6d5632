import type { ReactNode } from 'react';
import { formStyles as styles } from './styles';

export interface FormAlertProps {
  /** Why the whole form failed; empty hides the box. */
  message: string;
}

/**
 * The form's failure line. The element is always in the page (hidden while empty), so a screen
 * reader announces the message when it is filled in.
 */
export function FormAlert({ message }: FormAlertProps): ReactNode {
  return (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  );
}
