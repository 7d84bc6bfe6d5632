/** `@carebook/shared/react`: the context singleton every app reads. */
export { AppProvider, type AppProviderProps, type InitialData } from './app-provider';
export { AppContext, type AppContextValue, type LoadStatus } from './app-context';
export { useApp, useApi } from './use-app';
export { TOKEN_KEY } from './token-storage';
export { StandaloneRoot } from './standalone-root';
export { downloadAppointmentCalendar } from './calendar-download';
