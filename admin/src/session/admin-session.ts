import { createContext, useContext } from 'react';
import type { ApiClient } from '@carebook/shared';

export interface AdminSessionValue {
  api: ApiClient;
  /** The admin token, or `null` when logged out. */
  token: string | null;
  signIn: (token: string) => void;
  signOut: () => void;
  /** True after the admin chose to log out (the login screen then does not offer a way back). */
  loggedOut: boolean;
  /** True when the API refused the token (expired, or not an admin's): the login screen says why. */
  sessionEnded: boolean;
  /** The clinic's IANA time zone (appointment days are in it); `UTC` until the API says. */
  timeZone: string;
}

export const AdminSessionContext = createContext<AdminSessionValue | null>(null);

export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used inside AdminSessionProvider');
  return value;
}
