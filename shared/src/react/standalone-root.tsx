import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { AppProvider } from './app-provider';

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
