import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field';
import { formStyles as styles } from './styles';
import { useFieldTakeover } from './use-field-takeover';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}

/** A labelled multi-line field whose error is announced with it. */
export function TextAreaField({ id, label, value, onValueChange, error, ...rest }: TextAreaFieldProps): ReactNode {
  const field = useFieldTakeover<HTMLTextAreaElement>(value, onValueChange);
  return (
    <LabelledField id={id} label={label} error={error}>
      {(control) => (
        <textarea
          {...rest}
          {...control}
          ref={field}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          className={`${styles.input} ${styles.textarea}`}
        />
      )}
    </LabelledField>
  );
}
