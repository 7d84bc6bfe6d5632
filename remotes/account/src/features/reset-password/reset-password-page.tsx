import type { ReactNode } from 'react';
import { useLocation } from '@carebook/shared/router';
import { pageTitle } from '@carebook/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ForgotPasswordForm } from './forgot-password-form';
import { NewPasswordForm } from './new-password-form';

/** The token of an emailed link, `/reset-password#token=...` (kept in the fragment so no server or log sees it). */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token ? token : null;
}

/**
 * `/reset-password`: without a token, "Forgot password?" (ask for a link by email); with the
 * link's `#token=`, "Choose a new password".
 */
export default function ResetPasswordPage(): ReactNode {
  const token = tokenFromHash(useLocation().hash);
  useDocumentTitle(pageTitle(token ? 'Choose a new password' : 'Forgot password'));
  return token ? <NewPasswordForm token={token} /> : <ForgotPasswordForm />;
}
