import type { InputHTMLAttributes, ReactNode } from 'react';
import { LabelledField } from './labelled-field';
import { formStyles as styles } from './styles';
import { useFieldTakeover } from './use-field-takeover';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and tied to it with aria-describedby. */
  error?: string;
}

/** A labelled input whose error message is announced with it. */
export function TextField({ id, label, value, onValueChange, error, ...rest }: TextFieldProps): ReactNode {
  const field = useFieldTakeover<HTMLInputElement>(value, onValueChange);
  return (
    <LabelledField id={id} label={label} error={error}>
      {(control) => <input {...rest} {...control} ref={field} value={value} onChange={(event) => onValueChange(event.target.value)} className={styles.input} />}
    </LabelledField>
  );
}
