import type { ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ROUTES, safeNextPath, sessionExpiredPath } from '@carebook/shared';
import { AppProvider } from '@carebook/shared/react';
import { Layout } from './layout/layout';
import type { RuntimeConfig } from './remotes/runtime-config';
import { AppRoutes } from './routes';

/** Where the patient was when the session ran out: the login screen brings them back there. */
function currentPlace(): string {
  const { pathname, search } = window.location;
  if (pathname === ROUTES.login) return safeNextPath(new URLSearchParams(search).get('next'));
  return `${pathname}${search}`;
}

function Session({ config, children }: { config: RuntimeConfig; children: ReactNode }): ReactNode {
  const navigate = useNavigate();
  return (
    <AppProvider
      apiUrl={config.apiUrl}
      adminUrl={config.adminUrl}
      onSessionExpired={() => navigate(sessionExpiredPath(currentPlace()))}
    >
      {children}
    </AppProvider>
  );
}

/** The shell: one router, one context, one toast container; remotes render inside the layout. */
export function App({ config }: { config: RuntimeConfig }): ReactNode {
  return (
    <BrowserRouter>
      <Session config={config}>
        <Layout>
          <AppRoutes />
        </Layout>
        <ToastContainer position="top-right" autoClose={5000} newestOnTop />
      </Session>
    </BrowserRouter>
  );
}
