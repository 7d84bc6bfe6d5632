/**
 * `@carebook/shared/react`: the app context, one instance for the whole composed page (a
 * federation singleton: the host's copy is the one every remote reads). Only what holds the
 * session and the shared data belongs here; stateless helpers go in `@carebook/shared/web`, so
 * each app bundles the version it was built with. What this module provides is its contract
 * with the remotes: see shared/singletons.json.
 */
export { AppProvider, type AppProviderProps, type InitialData } from './app-provider';
export { AppContext, type AppContextValue, type LoadStatus } from './app-context';
export { useApp, useApi } from './use-app';
export { TOKEN_KEY } from './token-storage';
