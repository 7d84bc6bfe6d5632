import type { ReactNode } from 'react';
// By package name: the context, router and toasts are singletons, and a relative import would
// bundle a second copy of them beside the one the app's screens read.
import { AppProvider } from '@carebook/shared/react';
import { BrowserRouter } from '@carebook/shared/router';
import { ToastContainer } from '@carebook/shared/toasts';

/**
 * What the host normally provides, for a remote running on its own (its team's dev page):
 * a router, the context and a toast container.
 */
export function StandaloneRoot({ apiUrl, adminUrl, children }: { apiUrl: string; adminUrl?: string; children: ReactNode }): ReactNode {
  return (
    <BrowserRouter>
      <AppProvider apiUrl={apiUrl} adminUrl={adminUrl}>
        {children}
      </AppProvider>
      <ToastContainer position="top-right" autoClose={5000} newestOnTop />
    </BrowserRouter>
  );
}
