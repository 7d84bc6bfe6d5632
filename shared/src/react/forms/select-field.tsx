import type { ReactNode, SelectHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field';
import { formStyles as styles } from './styles';
import { useFieldTakeover } from './use-field-takeover';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
}

/** A labelled native select (keyboard and screen readers get the platform's own behaviour). */
export function SelectField({ id, label, value, onValueChange, options, error, ...rest }: SelectFieldProps): ReactNode {
  const field = useFieldTakeover<HTMLSelectElement>(value, onValueChange);
  return (
    <LabelledField id={id} label={label} error={error}>
      {(control) => (
        <select {...rest} {...control} ref={field} value={value} onChange={(event) => onValueChange(event.target.value)} className={styles.input}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
