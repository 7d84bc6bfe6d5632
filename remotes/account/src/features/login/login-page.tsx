import { useRef, type ReactNode } from 'react';
import { Link, Navigate } from '@carebook/shared/router';
import { LIMITS, MESSAGES, pageTitle, ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { cardStyles, FormAlert, formStyles, PasswordField, SubmitButton, TextField } from '@carebook/shared/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthForm, type AuthField } from './use-auth-form';
import styles from '../../components/auth-card.module.css';

/** Login and sign-up on one screen (docs/product.md, "Screens" and "Messages"). */
export default function LoginPage(): ReactNode {
  const form = useRef<HTMLFormElement>(null);
  const focusField = (field: AuthField): void => {
    form.current?.querySelector<HTMLElement>(`#auth-${field}`)?.focus();
  };
  const { token } = useApp();
  const { mode, values, errors, failure, submitting, change, toggleMode, submit, next, expired } =
    useAuthForm(focusField);
  const signUp = mode === 'sign-up';
  useDocumentTitle(pageTitle(signUp ? 'Create account' : 'Log in'));

  // Already logged in (another tab, Back after login): go on to where the patient was going.
  if (token && !submitting) return <Navigate to={next} replace />;

  return (
    <section className={styles.page} aria-labelledby="auth-title">
      <form method="post" ref={form} className={cardStyles.card} onSubmit={(event) => void submit(event)} noValidate>
        <h1 id="auth-title">{signUp ? 'Create Account' : 'Login'}</h1>
        <p className={cardStyles.lead}>
          {signUp ? 'Sign up to book an appointment.' : 'Log in to book an appointment.'}
        </p>
        {expired && !signUp ? (
          <p className={styles.expired} role="status">
            {MESSAGES.sessionExpired}
          </p>
        ) : null}
        {signUp && (
          <TextField
            id="auth-name"
            label="Full Name"
            autoComplete="name"
            maxLength={LIMITS.nameMax}
            value={values.name}
            onValueChange={(value) => change('name', value)}
            error={errors.name}
          />
        )}
        <TextField
          id="auth-email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.emailMax}
          value={values.email}
          onValueChange={(value) => change('email', value)}
          error={errors.email}
        />
        <PasswordField
          id="auth-password"
          label="Password"
          autoComplete={signUp ? 'new-password' : 'current-password'}
          value={values.password}
          onValueChange={(value) => change('password', value)}
          error={errors.password}
        />
        {signUp ? null : (
          <p className={styles.forgot}>
            <Link to={ROUTES.resetPassword} className={formStyles.link}>
              Forgot password?
            </Link>
          </p>
        )}
        <FormAlert message={failure} />
        <SubmitButton busy={submitting} className={cardStyles.submit}>
          {signUp ? 'Create account' : 'Login'}
        </SubmitButton>
        <p className={styles.switch}>
          {signUp ? 'Already have an account?' : 'New to CareBook?'}
          <button type="button" className={formStyles.link} onClick={toggleMode} disabled={submitting}>
            {signUp ? 'Login here' : 'Sign up here'}
          </button>
        </p>
      </form>
    </section>
  );
}
