import { useEffect, useId, useRef, type ReactNode } from 'react';
import { LIMITS } from '@carebook/shared';
import { useWidgetAuth, type WidgetAuthField, type WidgetAuthMode } from './use-widget-auth';
import styles from './auth-panel.module.css';

export interface AuthPanelProps {
  onSignedIn: (via: WidgetAuthMode) => void;
  onCancel: () => void;
}

interface FieldProps {
  id: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  maxLength: number;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

function Field({ id, label, type = 'text', autoComplete, maxLength, value, error, onChange }: FieldProps): ReactNode {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Login or sign-up inside the widget, under the slot picker, which keeps the chosen time. */
export function AuthPanel({ onSignedIn, onCancel }: AuthPanelProps): ReactNode {
  const base = useId();
  const form = useRef<HTMLFormElement>(null);
  const idOf = (field: WidgetAuthField): string => `${base}-${field}`;
  const focusField = (field: WidgetAuthField): void => {
    form.current?.querySelector<HTMLElement>(`[name="${CSS.escape(idOf(field))}"]`)?.focus();
  };
  const { mode, values, errors, failure, submitting, change, toggleMode, submit } = useWidgetAuth(focusField, onSignedIn);
  const signUp = mode === 'sign-up';

  // The panel appears after a press of Book: focus (which also scrolls) takes the patient to it.
  useEffect(() => {
    focusField(signUp ? 'name' : 'email');
  }, [mode]);

  return (
    <form method="post" ref={form} className={styles.card} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`} className={styles.title}>
        {signUp ? 'Create Account' : 'Login'}
      </h3>
      <p className={styles.lead}>
        {signUp ? 'Sign up to book an appointment.' : 'Log in to book an appointment.'}
        {' Your chosen time stays selected.'}
      </p>
      {signUp ? (
        <Field id={idOf('name')} label="Full Name" autoComplete="name" maxLength={LIMITS.nameMax} value={values.name} error={errors.name} onChange={(value) => change('name', value)} />
      ) : null}
      <Field id={idOf('email')} label="Email" type="email" autoComplete="email" maxLength={LIMITS.emailMax} value={values.email} error={errors.email} onChange={(value) => change('email', value)} />
      <Field
        id={idOf('password')}
        label="Password"
        type="password"
        autoComplete={signUp ? 'new-password' : 'current-password'}
        maxLength={LIMITS.passwordMax}
        value={values.password}
        error={errors.password}
        onChange={(value) => change('password', value)}
      />
      <p role="alert" className={failure ? styles.failure : styles.quiet}>
        {failure}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={submitting}>
          {submitting ? 'Processing...' : signUp ? 'Create account' : 'Login'}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel} disabled={submitting}>
          Cancel
        </button>
      </div>
      <p className={styles.switch}>
        {signUp ? 'Already have an account?' : 'New to CareBook?'}
        <button type="button" className={styles.link} onClick={toggleMode} disabled={submitting}>
          {signUp ? 'Login here' : 'Sign up here'}
        </button>
      </p>
    </form>
  );
}
