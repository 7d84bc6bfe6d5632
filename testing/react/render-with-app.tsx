import type { RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { AppContext, type AppContextValue } from '@carebook/shared/react';
import { stubApi } from './api-stubs';
import { makeClinic } from './fixtures/clinic';
import { renderAtRoute, type RouteOptions } from './render-at-route';

/** The shared context of a visitor who is not logged in, with the doctor list loaded (empty). */
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
    clinic: makeClinic(),
    adminUrl: 'http://admin.test',
    ...overrides,
  };
}

export interface RenderWithAppOptions extends RouteOptions {
  /** Context fields to override; the rest come from {@link appContextValue}. */
  app?: Partial<AppContextValue>;
}

/** The one way the site's component tests render: {@link renderAtRoute} inside the shared context. */
export function renderWithApp(
  element: ReactElement,
  options: RenderWithAppOptions = {},
): RenderResult & { app: AppContextValue } {
  const app = appContextValue(options.app);
  const Provider = ({ children }: { children: ReactNode }) => <AppContext.Provider value={app}>{children}</AppContext.Provider>;
  return { ...renderAtRoute(element, Provider, options), app };
}
