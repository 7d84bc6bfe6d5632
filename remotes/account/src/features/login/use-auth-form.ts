import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import {
  errorMessage,
  login,
  MESSAGES,
  register,
  safeNextPath,
  validateLogin,
  validateRegistration,
} from '@carebook/shared';
import { useApp } from '@carebook/shared/react';

export type AuthMode = 'login' | 'sign-up';
export type AuthField = 'name' | 'email' | 'password';
type Values = Record<AuthField, string>;

const EMPTY: Values = { name: '', email: '', password: '' };
/** Field order on screen: focus goes to the first field that has an error. */
export const AUTH_FIELDS: readonly AuthField[] = ['name', 'email', 'password'];

/**
 * State of the login / sign-up form: validation before any call, then the call, the token
 * handed to the shared context, and the way back to where the patient was going (`?next=`).
 */
export function useAuthForm(focusField: (field: AuthField) => void) {
  const { api, setToken } = useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>('login');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);

  function change(field: AuthField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function toggleMode(): void {
    setMode((current) => (current === 'login' ? 'sign-up' : 'login'));
    setValues(EMPTY);
    setErrors({});
    setFailure('');
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (submitting) return;
    const found: Partial<Values> =
      mode === 'login' ? validateLogin(values) : validateRegistration(values);
    setErrors(found);
    setFailure('');
    const first = AUTH_FIELDS.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    setSubmitting(true);
    try {
      const reply =
        mode === 'login'
          ? await login(api, { email: values.email.trim(), password: values.password })
          : await register(api, { name: values.name.trim(), email: values.email.trim(), password: values.password });
      setToken(reply.token);
      toast.success(mode === 'login' ? MESSAGES.loggedIn : MESSAGES.registered);
      navigate(safeNextPath(searchParams.get('next')), { replace: true });
    } catch (error) {
      const message = errorMessage(error, MESSAGES.unexpectedError);
      setFailure(message);
      toast.error(message);
      setSubmitting(false);
    }
  }

  return { mode, values, errors, failure, submitting, change, toggleMode, submit };
}
