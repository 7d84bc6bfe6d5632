import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@carebook/shared/router';
import { routePage } from './route-page';

const STORAGE_KEY = 'carebook:scroll';
/** How long Back keeps trying to reach a saved position while the page's content loads. */
const RESTORE_WINDOW_MS = 4000;

function readPositions(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>));
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>): void {
  try {
    // The newest 50 history entries are plenty for Back and Forward.
    const recent = [...positions].slice(-50);
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(recent)));
  } catch {
    // Storage may be off (private mode): positions then last as long as the page.
  }
}

/** One history entry. The first entry of a tab has the key `default`, so the path tells those apart. */
function entryId(location: { key: string; pathname: string }): string {
  return `${location.key}${location.pathname}`;
}

/** True when this document was reloaded or reached by Back/Forward, not opened afresh. */
function revisited(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'reload' || navigation?.type === 'back_forward';
}

/**
 * Back and Forward return to where the patient was, even though the remote screens render after
 * the navigation: the page keeps growing for a moment, so the saved offset is reapplied as it
 * grows, until reached, the patient scrolls, or a few seconds pass.
 */
function restore(y: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = (): void => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
  };
  const attempt = (): void => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2 || performance.now() - started > RESTORE_WINDOW_MS) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  attempt();
  return stop;
}

/**
 * Every new page starts at its top; Back and Forward restore the position the entry had.
 * Changes within one page (a specialization filter, a query parameter) and in-page anchors such
 * as the skip link leave the scroll position alone.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const entry = entryId(location);
  const current = useRef({ key: entry, page: routePage(location.pathname).key, first: true });

  useEffect(() => {
    positions.current = readPositions();
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    // Recorded as it happens: by the time the route changes, the old page's DOM is already gone.
    const onScroll = (): void => {
      positions.current?.set(current.current.key, window.scrollY);
    };
    const save = (): void => {
      if (positions.current) writePositions(positions.current);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      save();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    const before = current.current;
    const page = routePage(location.pathname).key;
    if (before.first) {
      current.current = { key: entry, page, first: false };
      // A reload (or a Back from another site) comes back to where this entry was.
      const saved = revisited() ? readPositions().get(entry) : undefined;
      return saved && !location.hash ? restore(saved) : undefined;
    }
    if (before.key === entry) return undefined;
    current.current = { key: entry, page, first: false };
    if (location.hash) return undefined;
    if (navigationType === 'POP') return restore(positions.current?.get(entry) ?? 0);
    if (page !== before.page) window.scrollTo(0, 0);
    return undefined;
  }, [entry, location.pathname, location.hash, navigationType]);
}
