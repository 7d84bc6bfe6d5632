import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, useNavigate } from '@carebook/shared/router';
import { ToastContainer } from '@carebook/shared/toasts';
import { ROUTES, safeNextPath, sessionExpiredPath } from '@carebook/shared';
import { AppProvider, type InitialData } from '@carebook/shared/react';
import { Layout } from './layout/layout';
import type { RuntimeConfig } from './remotes/runtime-config';
import { AppRoutes } from './routes';
import { useSessionCookie } from './session/use-session-cookie';
import { reportApiFailure } from './telemetry/telemetry';

/** Where the patient was when the session ran out: the login screen brings them back there. */
function currentPlace(): string {
  const { pathname, search } = window.location;
  if (pathname === ROUTES.login) return safeNextPath(new URLSearchParams(search).get('next'));
  return `${pathname}${search}`;
}

export interface AppProps {
  config: RuntimeConfig;
  initialData?: InitialData | null;
  /** The page holds the server's HTML of this tree: render what the server did, then go on. */
  hydrating?: boolean;
}

function Session({ config, initialData = null, hydrating, children }: AppProps & { children: ReactNode }): ReactNode {
  const navigate = useNavigate();
  return (
    <AppProvider
      apiUrl={config.apiUrl}
      adminUrl={config.adminUrl}
      initialData={initialData}
      hydrating={hydrating}
      onSessionExpired={() => navigate(sessionExpiredPath(currentPlace()))}
      onApiFailure={reportApiFailure}
    >
      {children}
    </AppProvider>
  );
}

/** The shell inside a router: one context, one toast container; remotes render inside the layout. */
export function AppShell(props: AppProps): ReactNode {
  return (
    <Session {...props}>
      <Layout>
        <AppRoutes />
      </Layout>
      <ToastContainer position="top-right" autoClose={5000} newestOnTop />
      <SessionCookie />
    </Session>
  );
}

/** The host's server holds the session too, for the doctor's page's form (see useSessionCookie). */
function SessionCookie(): null {
  useSessionCookie();
  return null;
}

/** Marks the page once the app has taken it over (`<html data-app="ready">`), for tests and probes. */
function ReadyMark(): null {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

/** The site in the browser; the host's server renders the same shell (src/server/render.tsx). */
export function App(props: AppProps): ReactNode {
  return (
    <BrowserRouter>
      <AppShell {...props} />
      <ReadyMark />
    </BrowserRouter>
  );
}
