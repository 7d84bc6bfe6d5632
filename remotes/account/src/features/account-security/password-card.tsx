import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@carebook/shared/toasts';
import { changePassword, errorMessage, MESSAGES, validatePassword } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { PasswordField, SubmitButton } from '@carebook/shared/forms';
import styles from './account-security.module.css';

/** Change password: the current one, the new one twice. Every other device is logged out. */
export function PasswordCard({ onChanged }: { onChanged: () => Promise<void> }): ReactNode {
  const { api } = useApp();
  const [values, setValues] = useState({ current: '', next: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<'current' | 'next' | 'repeat', string>>>({});
  const [saving, setSaving] = useState(false);

  const change = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (saving) return;
    const found = {
      current: values.current === '' ? MESSAGES.wrongCurrentPassword : undefined,
      next: validatePassword(values.next) ?? (values.next === values.current ? MESSAGES.samePassword : undefined),
      repeat: values.repeat !== values.next ? 'The two new passwords do not match' : undefined,
    };
    setErrors(found);
    if (found.current || found.next || found.repeat) return;
    setSaving(true);
    try {
      const reply = await changePassword(api, { currentPassword: values.current, newPassword: values.next });
      toast.success(reply.message);
      setValues({ current: '', next: '', repeat: '' });
      await onChanged();
    } catch (error) {
      const message = errorMessage(error, MESSAGES.unexpectedError);
      if (message === MESSAGES.wrongCurrentPassword) setErrors({ current: message });
      else toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form method="post" className={styles.card} aria-labelledby="password-title" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="password-title" className={styles.title}>
        Change password
      </h2>
      <p className={styles.meta}>Changing it logs you out on every other device.</p>
      <PasswordField id="password-current" label="Current password" autoComplete="current-password" value={values.current} onValueChange={change('current')} error={errors.current} />
      <PasswordField id="password-new" label="New password" autoComplete="new-password" value={values.next} onValueChange={change('next')} error={errors.next} />
      <PasswordField id="password-repeat" label="New password again" autoComplete="new-password" value={values.repeat} onValueChange={change('repeat')} error={errors.repeat} />
      <SubmitButton busy={saving} busyLabel="Changing...">
        Change password
      </SubmitButton>
    </form>
  );
}
