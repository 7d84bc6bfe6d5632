/**
 * `@carebook/shared/router`: the router every app of the composed site imports (lint refuses
 * `react-router-dom` and `react-router` in app code), one federation singleton for the host and
 * every remote. Sharing a library keeps all of its exports, so sharing `react-router-dom` itself
 * cost every first visit the whole package, about 65 KB gzip; this module is the part the apps
 * use, tree-shaken.
 *
 * A new name here is a new version of the singleton (shared/singletons.json): remotes may use it
 * once a host built with it is live; the release gate refuses them before that.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
export type { LinkProps, NavLinkProps, To } from 'react-router';
