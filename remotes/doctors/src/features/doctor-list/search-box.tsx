import type { ReactNode, Ref } from 'react';
import styles from './search-box.module.css';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** Filters as the patient types; Enter does nothing more (there is nothing to submit). */
export function SearchBox({ value, onChange, ref }: SearchBoxProps): ReactNode {
  return (
    <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
      <label className={styles.label} htmlFor="doctor-search">
        Search doctors
      </label>
      <input
        ref={ref}
        id="doctor-search"
        className={styles.input}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Name or specialization"
        autoComplete="off"
        spellCheck={false}
      />
    </form>
  );
}
