import { matchPath } from '@carebook/shared/router';
import { notFoundTitle, SCREENS, type RouteParams } from '@carebook/shared';

/** What the shell knows about the page at a path before any remote has rendered. */
export interface RoutePage {
  /**
   * Two paths with the same key are one page: moving between them (a specialization filter on
   * the doctor list) keeps the scroll position and focus. A new key is a new page.
   */
  key: string;
  /** The document title the shell sets; a remote may refine it (the doctor's name, sign-up mode). */
  title: string;
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The page at `pathname`: its identity and its default title, both from its screen in `SCREENS`. */
export function routePage(pathname: string): RoutePage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const screen of SCREENS) {
    const match = matchPath(screen.path, path);
    if (!match) continue;
    const params: RouteParams = Object.fromEntries(
      Object.entries(match.params).map(([name, value]) => [name, value === undefined ? undefined : decodeParam(value)]),
    );
    return { key: screen.onePage ? screen.path : path, title: screen.title(params) };
  }
  return { key: path, title: notFoundTitle() };
}
