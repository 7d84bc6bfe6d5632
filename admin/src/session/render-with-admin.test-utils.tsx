import type { RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { renderAtRoute, stubApi, type RouteOptions } from '@carebook/testing';
import { AdminSessionContext, type AdminSessionValue } from './admin-session';

/** Renders an admin screen with a session (logged in by default) through `renderAtRoute`. */
export function renderWithAdmin(
  element: ReactElement,
  options: RouteOptions & { session?: Partial<AdminSessionValue> } = {},
): RenderResult & { session: AdminSessionValue } {
  const session: AdminSessionValue = {
    api: stubApi(),
    token: 'admin-token',
    signIn: jest.fn(),
    signOut: jest.fn(),
    loggedOut: false,
    sessionEnded: false,
    timeZone: 'UTC',
    ...options.session,
  };
  const Provider = ({ children }: { children: ReactNode }) => (
    <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>
  );
  return { ...renderAtRoute(element, Provider, options), session };
}
