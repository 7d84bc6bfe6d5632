import { useLayoutEffect } from 'react';
import { useLocation } from '@carebook/shared/router';
import { routePage } from './route-page';

/**
 * Sets the route's document title as the route changes. A layout effect, so it runs before the
 * remotes' own effects: a remote that knows more (the doctor's name) refines the title after it.
 */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = routePage(pathname).title;
  }, [pathname]);
}
