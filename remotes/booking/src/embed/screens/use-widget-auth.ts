import { useState, type FormEvent } from 'react';
import { toast } from '@carebook/shared/toasts';
import { errorMessage, login, MESSAGES, register, validateLogin, validateRegistration } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';

export type WidgetAuthMode = 'login' | 'sign-up';
export type WidgetAuthField = 'name' | 'email' | 'password';
type Values = Record<WidgetAuthField, string>;

const EMPTY: Values = { name: '', email: '', password: '' };
/** Field order on screen: focus goes to the first field with an error. */
export const WIDGET_AUTH_FIELDS: readonly WidgetAuthField[] = ['name', 'email', 'password'];

/**
 * Login / sign-up inside the widget with the site's rules and messages (shared validation,
 * shared API client). The token goes to the widget's context, which keeps it in memory only.
 */
export function useWidgetAuth(focusField: (field: WidgetAuthField) => void, onSignedIn: (via: WidgetAuthMode) => void) {
  const { api, setToken } = useApp();
  const [mode, setMode] = useState<WidgetAuthMode>('login');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);

  function change(field: WidgetAuthField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function toggleMode(): void {
    setMode((current) => (current === 'login' ? 'sign-up' : 'login'));
    setErrors({});
    setFailure('');
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (submitting) return;
    const found: Partial<Values> = mode === 'login' ? validateLogin(values) : validateRegistration(values);
    setErrors(found);
    setFailure('');
    const first = WIDGET_AUTH_FIELDS.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    setSubmitting(true);
    try {
      const email = values.email.trim();
      const reply =
        mode === 'login'
          ? await login(api, { email, password: values.password })
          : await register(api, { name: values.name.trim(), email, password: values.password });
      setToken(reply.token);
      toast.success(mode === 'login' ? MESSAGES.loggedIn : MESSAGES.registered);
      onSignedIn(mode);
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.unexpectedError));
      setSubmitting(false);
    }
  }

  return { mode, values, errors, failure, submitting, change, toggleMode, submit };
}
