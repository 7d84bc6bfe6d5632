import type { ReactNode } from 'react';
import { LIMITS } from '../../domain/validation';
import { TextField, type TextFieldProps } from './text-field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'maxLength' | 'autoComplete'> {
  /** 'current-password' to log in or confirm, 'new-password' to choose one (password managers offer to save it). */
  autoComplete: 'current-password' | 'new-password';
}

/** A labelled password input limited to the longest password the API accepts. */
export function PasswordField(props: PasswordFieldProps): ReactNode {
  return <TextField {...props} type="password" maxLength={LIMITS.passwordMax} />;
}
