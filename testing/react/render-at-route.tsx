import { render, type RenderResult } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@carebook/shared/router';

export interface RouteOptions {
  /** Starting URL. */
  route?: string;
  /** Route pattern the element is mounted at (for params), `*` by default. */
  path?: string;
}

/**
 * Renders `element` in a memory router inside `Provider` (an app's context), with a `Routes` so
 * params and redirects behave as in the site. Other paths render their path as text, so a test
 * can see where a navigation went.
 */
export function renderAtRoute(
  element: ReactElement,
  Provider: ComponentType<{ children: ReactNode }>,
  { route = '/', path = '*' }: RouteOptions = {},
): RenderResult {
  return render(
    <Provider>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

/** Shows where a navigation landed: `screen.getByTestId('location')` reads `/login?next=...`. */
function LocationProbe(): ReactElement {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
