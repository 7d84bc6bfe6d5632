import type { ReactNode } from 'react';
import { formStyles as styles } from './styles';

/** What a form control needs to be tied to its label and its error. */
export interface FieldControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface LabelledFieldProps {
  id: string;
  label: string;
  /** Shown under the control and tied to it with aria-describedby, so it is announced with it. */
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** The frame every field of the kit shares: the label, the control, and its error under it. */
export function LabelledField({ id, label, error, children }: LabelledFieldProps): ReactNode {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name: id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
