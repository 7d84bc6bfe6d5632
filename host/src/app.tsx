import type { ReactNode } from 'react';
import { BrowserRouter, useNavigate } from '@carebook/shared/router';
import { ToastContainer } from '@carebook/shared/toasts';
import { ROUTES, safeNextPath, sessionExpiredPath } from '@carebook/shared';
import { AppProvider, type InitialData } from '@carebook/shared/react';
import { Layout } from './layout/layout';
import type { RuntimeConfig } from './remotes/runtime-config';
import { AppRoutes } from './routes';

/** Where the patient was when the session ran out: the login screen brings them back there. */
function currentPlace(): string {
  const { pathname, search } = window.location;
  if (pathname === ROUTES.login) return safeNextPath(new URLSearchParams(search).get('next'));
  return `${pathname}${search}`;
}

interface SessionProps {
  config: RuntimeConfig;
  initialData: InitialData | null;
  children: ReactNode;
}

function Session({ config, initialData, children }: SessionProps): ReactNode {
  const navigate = useNavigate();
  return (
    <AppProvider
      apiUrl={config.apiUrl}
      adminUrl={config.adminUrl}
      initialData={initialData}
      onSessionExpired={() => navigate(sessionExpiredPath(currentPlace()))}
    >
      {children}
    </AppProvider>
  );
}

/** The shell: one router, one context, one toast container; remotes render inside the layout. */
export function App({ config, initialData = null }: { config: RuntimeConfig; initialData?: InitialData | null }): ReactNode {
  return (
    <BrowserRouter>
      <Session config={config} initialData={initialData}>
        <Layout>
          <AppRoutes />
        </Layout>
        <ToastContainer position="top-right" autoClose={5000} newestOnTop />
      </Session>
    </BrowserRouter>
  );
}
