import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@carebook/shared/router';
import { routePage } from './route-page';

/** How long to wait for a remote's screen to render its h1 before settling for `<main>`. */
const HEADING_WAIT_MS = 5000;
/** Lets the remotes' effects refine the title before it is read out. */
const TITLE_SETTLE_MS = 150;

/** The page's h1, once it is the real one (not inside a loading status). */
function pageHeading(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector<HTMLElement>('h1');
  return heading && !heading.closest('[role="status"]') ? heading : null;
}

/**
 * Whether the user put focus somewhere themselves while the new page was loading (say, opened the
 * Profile menu): taking it away then would close what they just opened.
 */
function focusMovedByUser(focusedAtMove: Element | null, main: HTMLElement): boolean {
  const now = document.activeElement;
  return now !== null && now !== document.body && now !== focusedAtMove && !main.contains(now);
}

/**
 * After each move to a new page (not on the first load, not for a filter within one page), focus
 * goes to the new page's h1, so keyboard and screen reader users start where sighted users look,
 * and the new title is returned for the shell's polite live region to announce.
 */
export function usePageFocus(mainId: string): string {
  const location = useLocation();
  const page = routePage(location.pathname).key;
  const previous = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const before = previous.current;
    previous.current = page;
    if (before === null || before === page || location.hash) return undefined;
    const main = document.getElementById(mainId);
    if (!main) return undefined;

    const focusedAtMove = document.activeElement;
    let settle = 0;
    const land = (target: HTMLElement): void => {
      observer.disconnect();
      window.clearTimeout(giveUp);
      if (!focusMovedByUser(focusedAtMove, main)) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        // The scroll position is the scroll restoration's business, not the focus's.
        target.focus({ preventScroll: true });
      }
      settle = window.setTimeout(() => setAnnouncement(document.title), TITLE_SETTLE_MS);
    };
    const observer = new MutationObserver(() => {
      const heading = pageHeading(main);
      if (heading) land(heading);
    });
    const giveUp = window.setTimeout(() => land(main), HEADING_WAIT_MS);
    setAnnouncement('');
    const ready = pageHeading(main);
    if (ready) land(ready);
    else observer.observe(main, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
      window.clearTimeout(settle);
    };
  }, [page, location.hash, mainId]);

  return announcement;
}
