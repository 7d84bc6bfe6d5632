import type { ReactNode } from 'react';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { useSessions } from './use-sessions';

/** My Profile's security part: logged-in devices and the password. */
export function AccountSecurity(): ReactNode {
  const { state, reload } = useSessions();
  return (
    <>
      <SessionsCard state={state} reload={reload} />
      <PasswordCard onChanged={reload} />
    </>
  );
}
