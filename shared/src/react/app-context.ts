import { createContext } from 'react';
import type { ApiClient } from '../api/client';
import type { ClinicInfo, Doctor, UserProfile } from '../types';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What every screen may read from the one shared context. */
export interface AppContextValue {
  api: ApiClient;
  /** The session token, or `null` for a visitor. */
  token: string | null;
  /** Store a token after login or register (or clear it with `null`). */
  setToken: (token: string | null) => void;
  /** Clear the token and the profile. */
  logout: () => void;
  user: UserProfile | null;
  userStatus: LoadStatus;
  reloadUser: () => Promise<void>;
  /** Every doctor, loaded once when the app starts. */
  doctors: Doctor[];
  doctorsStatus: LoadStatus;
  reloadDoctors: () => Promise<void>;
  /** The clinic's settings from the API (its time zone); `null` until they arrive. */
  clinic: ClinicInfo | null;
  /**
   * The instant the server rendered this page's HTML with, when it did: while a screen hydrates
   * that HTML its clock starts here (see `useNow`), so text drawn from the clock matches.
   */
  renderedAt?: Date | null;
  /** Where the navbar's Admin Panel link points. */
  adminUrl: string;
}

export const AppContext = createContext<AppContextValue | null>(null);
