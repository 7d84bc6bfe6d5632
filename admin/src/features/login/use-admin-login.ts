import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { errorMessage, MESSAGES, safeNextPath, validateLogin, type LoginErrors } from '@carebook/shared';
import { adminLogin } from '../../api/admin-api';
import { useAdminSession } from '../../session/admin-session';

export type LoginField = 'email' | 'password';
const FIELDS: readonly LoginField[] = ['email', 'password'];

/** The admin login form: the site's login rules and messages, then the admin login call. */
export function useAdminLogin(focusField: (field: LoginField) => void) {
  const { api, signIn, sessionEnded } = useAdminSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // A session the API ended (expired, or a token that is not an admin's) says so until the next try.
  const [failure, setFailure] = useState(sessionEnded ? MESSAGES.adminOnly : '');
  const [submitting, setSubmitting] = useState(false);

  function change(field: LoginField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (submitting) return;
    const found = validateLogin(values);
    setErrors(found);
    setFailure('');
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    setSubmitting(true);
    try {
      const reply = await adminLogin(api, { email: values.email.trim(), password: values.password });
      signIn(reply.token);
      toast.success(MESSAGES.loggedIn);
      navigate(safeNextPath(searchParams.get('next')), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.unexpectedError));
      setSubmitting(false);
    }
  }

  return { values, errors, failure, submitting, change, submit };
}
