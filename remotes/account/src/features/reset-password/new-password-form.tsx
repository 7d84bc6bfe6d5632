import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { errorMessage, LIMITS, MESSAGES, resetPassword, ROUTES, validatePassword } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { cardStyles, FormAlert, formStyles, PasswordField, SubmitButton } from '@carebook/shared/forms';
import styles from '../../components/auth-card.module.css';

type Field = 'password' | 'confirm';

/**
 * "Choose a new password" with the emailed link's token. Success logs the patient in (a new
 * session; every other one has ended) and opens My Appointments; a used, expired or broken link
 * says which, with a way to ask for a new one.
 */
export function NewPasswordForm({ token }: { token: string }): ReactNode {
  const { api, setToken } = useApp();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);

  function change(field: Field, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (submitting) return;
    const found: Partial<Record<Field, string>> = {};
    const weak = validatePassword(values.password);
    if (weak) found.password = weak;
    else if (values.confirm !== values.password) found.confirm = MESSAGES.passwordsDiffer;
    setErrors(found);
    setFailure('');
    const first = (['password', 'confirm'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`reset-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const reply = await resetPassword(api, { token, password: values.password });
      setToken(reply.token);
      toast.dismiss();
      toast.success(reply.message);
      navigate(ROUTES.myAppointments, { replace: true });
    } catch (caught) {
      setFailure(errorMessage(caught, MESSAGES.unexpectedError));
      setSubmitting(false);
    }
  }

  return (
    <section className={styles.page} aria-labelledby="reset-title">
      <form method="post" className={cardStyles.card} onSubmit={(event) => void submit(event)} noValidate>
        <h1 id="reset-title">Choose a new password</h1>
        <p className={cardStyles.lead}>
          At least {LIMITS.passwordMin} characters. Setting it logs you in here and out on every other device.
        </p>
        <PasswordField
          id="reset-password"
          label="New password"
          autoComplete="new-password"
          value={values.password}
          onValueChange={(value) => change('password', value)}
          error={errors.password}
        />
        <PasswordField
          id="reset-confirm"
          label="Repeat the new password"
          autoComplete="new-password"
          value={values.confirm}
          onValueChange={(value) => change('confirm', value)}
          error={errors.confirm}
        />
        <FormAlert message={failure} />
        <SubmitButton busy={submitting} busyLabel="Saving..." className={cardStyles.submit}>
          Set new password
        </SubmitButton>
        <p className={styles.switch}>
          Link not working?
          <Link to={ROUTES.resetPassword} className={formStyles.link}>
            Ask for a new link
          </Link>
        </p>
      </form>
    </section>
  );
}
