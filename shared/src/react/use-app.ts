import { useContext } from 'react';
import type { ApiClient } from '../api/client';
import { AppContext, type AppContextValue } from './app-context';

/** The shared context. Throws when a screen is rendered outside {@link AppProvider}. */
export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp() needs an <AppProvider> above it');
  return value;
}

/** The one API client, carrying the session token. */
export function useApi(): ApiClient {
  return useApp().api;
}
