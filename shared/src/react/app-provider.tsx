import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@carebook/shared/toasts';
import {
  createApiClient,
  endSession,
  errorMessage,
  getClinic,
  getDoctors,
  getProfile,
  MESSAGES,
  type ApiClient,
  type ClinicInfo,
  type Doctor,
  type UserProfile,
} from '@carebook/shared';
import { AppContext, type AppContextValue, type LoadStatus } from './app-context';
import { readStoredToken, TOKEN_KEY, writeStoredToken } from './token-storage';

/** Data the page already carries (the host server's first view), so nothing is fetched twice. */
export interface InitialData {
  doctors: Doctor[] | null;
  clinic: ClinicInfo | null;
  /** The instant the server rendered the page with (ISO), for the clock while hydrating. */
  renderedAt?: string;
}

export interface AppProviderProps {
  apiUrl: string;
  initialData?: InitialData | null;
  adminUrl?: string;
  /** Keep the token in `localStorage` (the site) or only in memory (an embed on another site). */
  persistToken?: boolean;
  /** Starting token when not persisted (an integrator's own session). */
  initialToken?: string | null;
  /** Called after a 401 cleared the token, e.g. to show the login screen. */
  onSessionExpired?: () => void;
  /**
   * The page holds the server's HTML of this tree, rendered signed out (the server cannot read the
   * browser's storage): start signed out too, then read the stored token before the first paint.
   */
  hydrating?: boolean;
  /** Told of each API call that failed (status, 0: no answer), e.g. for the page's telemetry. */
  onApiFailure?: (status: number) => void;
  /** Injected for tests. */
  apiClient?: ApiClient;
  children: ReactNode;
}

/**
 * Holds the session, the profile, the doctor list and the clinic settings for the whole site.
 * The host renders one; Module Federation shares this module as a singleton, so every remote
 * reads the same instance through {@link useApp}.
 */
export function AppProvider(props: AppProviderProps): ReactNode {
  const { apiUrl, adminUrl = '', persistToken = true, initialToken = null, onSessionExpired, apiClient, children } =
    props;
  const initialData = useRef(props.initialData).current;
  const hydrating = useRef(props.hydrating && persistToken).current;
  const [token, setTokenState] = useState<string | null>(() =>
    hydrating ? null : persistToken ? readStoredToken() : initialToken,
  );
  const tokenRef = useRef(token);
  const expiredRef = useRef(onSessionExpired);
  expiredRef.current = onSessionExpired;
  const failureRef = useRef(props.onApiFailure);
  failureRef.current = props.onApiFailure;

  const setToken = useCallback(
    (next: string | null) => {
      tokenRef.current = next || null;
      if (persistToken) writeStoredToken(next);
      setTokenState(next || null);
    },
    [persistToken],
  );

  useLayoutEffect(() => {
    if (!hydrating) return;
    const stored = readStoredToken();
    if (!stored) return;
    tokenRef.current = stored;
    setTokenState(stored);
  }, [hydrating]);

  const api = useMemo(
    () =>
      apiClient ??
      createApiClient({
        baseUrl: apiUrl,
        getToken: () => tokenRef.current,
        onUnauthorized: () => {
          if (!tokenRef.current) return;
          setToken(null);
          expiredRef.current?.();
        },
        onFailure: (status) => failureRef.current?.(status),
      }),
    [apiClient, apiUrl, setToken],
  );

  const [doctors, setDoctors] = useState<Doctor[]>(initialData?.doctors ?? []);
  const [doctorsStatus, setDoctorsStatus] = useState<LoadStatus>(initialData?.doctors ? 'ready' : 'idle');
  const reloadDoctors = useCallback(async () => {
    setDoctorsStatus((status) => (status === 'ready' ? status : 'loading'));
    try {
      setDoctors(await getDoctors(api));
      setDoctorsStatus('ready');
    } catch (error) {
      setDoctorsStatus((status) => (status === 'ready' ? status : 'error'));
      toast.error(errorMessage(error, MESSAGES.doctorsLoadFailed));
    }
  }, [api]);

  const [clinic, setClinic] = useState<ClinicInfo | null>(initialData?.clinic ?? null);
  const renderedAt = useMemo(() => (initialData?.renderedAt ? new Date(initialData.renderedAt) : null), [initialData]);
  useEffect(() => {
    if (!initialData?.doctors) void reloadDoctors();
    if (!initialData?.clinic) getClinic(api).then(setClinic, () => setClinic({ timeZone: 'UTC' }));
  }, [api, reloadDoctors, initialData]);

  const [user, setUser] = useState<UserProfile | null>(null);
  const [userStatus, setUserStatus] = useState<LoadStatus>('idle');
  const reloadUser = useCallback(async () => {
    if (!tokenRef.current) return;
    setUserStatus('loading');
    try {
      setUser(await getProfile(api));
      setUserStatus('ready');
    } catch (error) {
      setUserStatus('error');
      if (tokenRef.current) toast.error(errorMessage(error, MESSAGES.unexpectedError));
    }
  }, [api]);

  useEffect(() => {
    if (token) void reloadUser();
    else {
      setUser(null);
      setUserStatus('idle');
    }
  }, [token, reloadUser]);

  // A login or logout in another tab applies here too.
  useEffect(() => {
    if (!persistToken) return undefined;
    const onStorage = (event: StorageEvent): void => {
      if (event.key === TOKEN_KEY) {
        tokenRef.current = event.newValue || null;
        setTokenState(event.newValue || null);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [persistToken]);

  // The server ends the session as well (its token is refused from then on); the token is read
  // when the call starts, so clearing it right after is safe, and a failed call changes nothing here.
  const logout = useCallback(() => {
    if (tokenRef.current) endSession(api).catch(() => undefined);
    setToken(null);
  }, [api, setToken]);

  const value = useMemo<AppContextValue>(
    () => ({
      api,
      token,
      setToken,
      logout,
      user,
      userStatus,
      reloadUser,
      doctors,
      doctorsStatus,
      reloadDoctors,
      clinic,
      renderedAt,
      adminUrl,
    }),
    [api, token, setToken, logout, user, userStatus, reloadUser, doctors, doctorsStatus, reloadDoctors, clinic, renderedAt, adminUrl],
  );

  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}
