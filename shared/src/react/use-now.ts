import { useEffect, useState, useSyncExternalStore } from 'react';
// By package name: the context is a singleton (see standalone-root.tsx).
import { useApp } from '@carebook/shared/react';

const noChange = (): (() => void) => () => undefined;

/**
 * The current time, refreshed every `intervalMs`, so text drawn from the clock ("Next: 2:30 PM",
 * today's times) moves on by itself. A screen that hydrates the server's HTML starts from the
 * instant the server drew it with (the page carries it): a half hour passing between the server's
 * render and the browser's takeover then changes nothing at hydration (React would otherwise throw
 * the server's HTML away), and the first refresh brings the time up to date.
 */
export function useNow(intervalMs: number): Date {
  const { renderedAt } = useApp();
  // True only while React hydrates (it reads the server snapshot then), false in any client render.
  const hydrating = useSyncExternalStore(noChange, () => false, () => true);
  const [now, setNow] = useState(() => (hydrating && renderedAt ? renderedAt : new Date()));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
