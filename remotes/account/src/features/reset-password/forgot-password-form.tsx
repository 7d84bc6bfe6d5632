import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { errorMessage, forgotPassword, LIMITS, MESSAGES, ROUTES, validateEmail } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { cardStyles, FormAlert, formStyles, SubmitButton, TextField } from '@carebook/shared/forms';
import styles from '../../components/auth-card.module.css';

/** "Forgot password?": asks for a link by email. The answer never says whether the address has an account. */
export function ForgotPasswordForm(): ReactNode {
  const { api } = useApp();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState('');
  const [sent, setSent] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (submitting) return;
    const problem = validateEmail(email) ?? undefined;
    setError(problem);
    setFailure('');
    if (problem) {
      document.getElementById('forgot-email')?.focus();
      return;
    }
    setSubmitting(true);
    try {
      setSent((await forgotPassword(api, { email: email.trim() })).message);
    } catch (caught) {
      setFailure(errorMessage(caught, MESSAGES.unexpectedError));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className={styles.page} aria-labelledby="forgot-title">
      <form method="post" className={cardStyles.card} onSubmit={(event) => void submit(event)} noValidate>
        <h1 id="forgot-title">Forgot password?</h1>
        <p className={cardStyles.lead}>Enter the email address you log in with. We will email you a link to choose a new password.</p>
        {sent ? (
          <p className={styles.sent} role="status">
            {sent}
          </p>
        ) : null}
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.emailMax}
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            setError(undefined);
          }}
          error={error}
        />
        <FormAlert message={failure} />
        <SubmitButton busy={submitting} busyLabel="Sending..." className={cardStyles.submit}>
          {sent ? 'Send another link' : 'Send reset link'}
        </SubmitButton>
        <p className={styles.switch}>
          Remembered it?
          <Link to={ROUTES.login} className={formStyles.link}>
            Back to login
          </Link>
        </p>
      </form>
    </section>
  );
}
