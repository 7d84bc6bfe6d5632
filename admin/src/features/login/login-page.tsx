import { useRef, type ReactNode } from 'react';
import { Navigate } from '@carebook/shared/router';
import { LIMITS } from '@carebook/shared';
import { cardStyles, FormAlert, PasswordField, SubmitButton, TextField } from '@carebook/shared/forms';
import { useAdminSession } from '../../session/admin-session';
import { usePageTitle } from '../../hooks/use-page-title';
import { useAdminLogin, type LoginField } from './use-admin-login';
import styles from './login-page.module.css';

/** Staff log in with the clinic's admin credential (not a patient account). */
export function LoginPage(): ReactNode {
  usePageTitle('Log in');
  const { token } = useAdminSession();
  const form = useRef<HTMLFormElement>(null);
  const focusField = (field: LoginField): void => form.current?.querySelector<HTMLElement>(`#admin-${field}`)?.focus();
  const { values, errors, failure, submitting, change, submit } = useAdminLogin(focusField);
  if (token && !submitting) return <Navigate to="/" replace />;

  return (
    <main className={styles.page}>
      <form ref={form} className={cardStyles.card} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="login-title">
        <p className={styles.brand}>CareBook Clinic</p>
        <h1 id="login-title">Staff login</h1>
        <p className={cardStyles.lead}>Use the clinic&apos;s admin email and password. Patient accounts do not work here.</p>
        <TextField
          id="admin-email"
          label="Email"
          type="email"
          autoComplete="username"
          maxLength={LIMITS.emailMax}
          value={values.email}
          onValueChange={(value) => change('email', value)}
          error={errors.email}
        />
        <PasswordField
          id="admin-password"
          label="Password"
          autoComplete="current-password"
          value={values.password}
          onValueChange={(value) => change('password', value)}
          error={errors.password}
        />
        <FormAlert message={failure} />
        <SubmitButton busy={submitting} className={cardStyles.submit}>
          Log in
        </SubmitButton>
      </form>
    </main>
  );
}
