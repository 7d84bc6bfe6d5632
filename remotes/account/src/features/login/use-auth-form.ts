import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import {
  errorMessage,
  login,
  MESSAGES,
  register,
  safeNextPath,
  SIGN_UP_MODE,
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
  const [searchParams, setSearchParams] = useSearchParams();
  // The mode lives in the address (`?mode=signup`), so the navbar's Create Account opens sign-up.
  const mode: AuthMode = searchParams.get('mode') === SIGN_UP_MODE ? 'sign-up' : 'login';
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // Fields clear whenever the mode changes, by the toggle or by a link (SPEC.md section 4).
  const [shownMode, setShownMode] = useState(mode);
  if (shownMode !== mode) {
    setShownMode(mode);
    setValues(EMPTY);
    setErrors({});
    setFailure('');
  }

  function change(field: AuthField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function toggleMode(): void {
    const next = new URLSearchParams(searchParams);
    if (mode === 'login') next.set('mode', SIGN_UP_MODE);
    else next.delete('mode');
    setSearchParams(next, { replace: true });
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
      // Warnings from before (Please login to book an appointment) no longer apply.
      toast.dismiss();
      toast.success(mode === 'login' ? MESSAGES.loggedIn : MESSAGES.registered);
      navigate(next, { replace: true });
    } catch (error) {
      const message = errorMessage(error, MESSAGES.unexpectedError);
      setFailure(message);
      toast.error(message);
      setSubmitting(false);
    }
  }

  const next = safeNextPath(searchParams.get('next'));
  const expired = searchParams.get('reason') === 'expired';
  return { mode, values, errors, failure, submitting, change, toggleMode, submit, next, expired };
}
