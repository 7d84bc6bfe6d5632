import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ApiClient } from '@carebook/shared';
import { AppContext, type AppContextValue } from '@carebook/shared/react';

/** An API client whose calls fail loudly unless a test replaces them. */
export function stubApi(overrides: Partial<ApiClient> = {}): ApiClient {
  return {
    baseUrl: 'http://api.test',
    get: jest.fn(async (path: string) => {
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string) => {
      throw new Error(`unexpected POST ${path}`);
    }),
    getText: jest.fn(async (path: string) => {
      throw new Error(`unexpected GET ${path}`);
    }),
    ...overrides,
  };
}

export function appContextValue(overrides: Partial<AppContextValue> = {}): AppContextValue {
  return {
    api: stubApi(),
    token: null,
    setToken: jest.fn(),
    logout: jest.fn(),
    user: null,
    userStatus: 'idle',
    reloadUser: jest.fn(async () => undefined),
    doctors: [],
    doctorsStatus: 'ready',
    reloadDoctors: jest.fn(async () => undefined),
    clinic: { timeZone: 'UTC' },
    adminUrl: 'http://admin.test',
    ...overrides,
  };
}

export interface RenderWithAppOptions {
  /** Context fields to override; the rest come from {@link appContextValue}. */
  app?: Partial<AppContextValue>;
  /** Starting URL. */
  route?: string;
  /** Route pattern the element is mounted at (for params), `*` by default. */
  path?: string;
}

/**
 * The one way component tests render: a memory router and the shared context, with a
 * `Routes` so params and redirects behave as in the site. Other paths render their path as text,
 * so a test can see where a navigation went.
 */
export function renderWithApp(
  element: ReactElement,
  options: RenderWithAppOptions = {},
): RenderResult & { app: AppContextValue } {
  const app = appContextValue(options.app);
  const result = render(
    <AppContext.Provider value={app}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path={options.path ?? '*'} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AppContext.Provider>,
  );
  return { ...result, app };
}

/** Shows where a navigation landed: `screen.getByTestId('location')` reads `/login?next=...`. */
function LocationProbe(): ReactElement {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
