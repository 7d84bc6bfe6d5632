/**
 * `@carebook/shared/router`: the router every app of the composed site uses, shared as one
 * singleton in place of `react-router-dom` (webpack.shared.js aliases `react-router-dom` to this
 * module in every app). Sharing a library keeps all of its exports, so sharing `react-router-dom`
 * itself cost every first visit the whole package, about 65 KB gzip; this module is the part the
 * apps use, tree-shaken, and still one router instance for the host and every remote.
 *
 * Add a name here before using it from `react-router-dom` in a screen: the build fails otherwise.
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
