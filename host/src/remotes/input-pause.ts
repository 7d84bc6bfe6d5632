/**
 * The app's start steps aside while the patient acts on the server's page. On a slow phone the
 * server's page is usable before the app arrives (links, the times, Book as a form), and a patient
 * who has just tapped a time taps Book next: each part of the start (a shared library, the app's
 * code, hydration) is a task that tap would wait behind. So once the page has seen a tap, the next
 * part of the start waits until the page has gone {@link INPUT_PAUSE_MS} without one. A page
 * nobody taps starts as before, one part per task (docs/architecture.md, "Less for the main thread
 * at start"). Keys do not hold it: a patient typing into the login form before the app has
 * arrived needs the app when they press Enter, not later.
 */

/** How long the page must go without a tap before the app's start goes on. */
export const INPUT_PAUSE_MS = 600;

let lastInput = Number.NEGATIVE_INFINITY;
let watching = false;

const noteInput = (): void => {
  lastInput = performance.now();
};

/**
 * Starts the pause as a tap would, for a page whose next act is a tap: a doctor's page opened with
 * its time chosen (a card's time on the list) is there to be booked, by the page's own form.
 */
export function expectPatientTap(): void {
  noteInput();
}

/** Starts noting the patient's taps (once per page; main.js calls it as it is evaluated). */
export function watchPatientInput(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('pointerdown', noteInput, { capture: true, passive: true });
}

/**
 * Resolves in a later task (so the browser handles a tap first), and not before the page has gone
 * {@link INPUT_PAUSE_MS} without a tap.
 */
export function afterInputPause(): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      const wait = lastInput + INPUT_PAUSE_MS - performance.now();
      if (wait <= 0) resolve();
      else setTimeout(check, wait);
    };
    setTimeout(check, 0);
  });
}
