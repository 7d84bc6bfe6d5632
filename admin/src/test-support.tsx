import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ApiClient } from '@carebook/shared';
import { AdminSessionContext, type AdminSessionValue } from './session/admin-session';

/**
 * An API client whose calls fail loudly unless a test replaces them. Replacements are plain
 * `jest.fn`s answering per path: the client's generic reply type is the test's to decide.
 */
export function stubApi(overrides: { get?: jest.Mock; post?: jest.Mock } = {}): ApiClient {
  return {
    baseUrl: 'http://api.test',
    get: jest.fn(async (path: string) => {
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string) => {
      throw new Error(`unexpected POST ${path}`);
    }),
    getText: jest.fn(async (path: string) => {
      throw new Error(`unexpected GET ${path} (text)`);
    }),
    ...overrides,
  } as ApiClient;
}

/**
 * Renders an admin screen with a session (logged in by default) and a memory router; other paths
 * render their path, so a test can see where a navigation went.
 */
export function renderWithAdmin(
  element: ReactElement,
  options: { session?: Partial<AdminSessionValue>; route?: string; path?: string } = {},
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
  const result = render(
    <AdminSessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path={options.path ?? '*'} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AdminSessionContext.Provider>,
  );
  return { ...result, session };
}

function LocationProbe(): ReactElement {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
