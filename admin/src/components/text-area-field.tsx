import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { formStyles as styles } from '@carebook/shared/forms';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}

/** A labelled multi-line field whose error is announced with it. */
export function TextAreaField({ id, label, value, onValueChange, error, ...rest }: TextAreaFieldProps): ReactNode {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...rest}
        id={id}
        name={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${styles.input} ${styles.textarea}`}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
