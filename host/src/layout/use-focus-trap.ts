import type { KeyboardEvent, RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A keydown handler that keeps Tab and Shift+Tab inside `container` (a modal's contents): from
 * the last control Tab wraps to the first, and the other way round.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key !== 'Tab' || !container.current) return;
    const controls = Array.from(container.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !container.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !container.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };
}
