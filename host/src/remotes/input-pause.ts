/**
 * The app's start steps aside while the patient acts on the server's page. On a slow phone the
 * server's page is usable before the app arrives (links, the times, Book as a form), and a patient
 * who has just tapped a time taps Book next: each part of the start (a shared library, the app's
 * code, hydration) is a task that tap would wait behind. So once the page has seen a tap or a key,
 * the next part of the start waits until the page has gone {@link INPUT_PAUSE_MS} without one.
 * A page nobody touches starts as before, one part per task (docs/architecture.md, "Less for the
 * main thread at start").
 */

/** How long the page must go without a tap or a key before the app's start goes on. */
export const INPUT_PAUSE_MS = 600;

let lastInput = Number.NEGATIVE_INFINITY;
let watching = false;

const noteInput = (): void => {
  lastInput = performance.now();
};

/** Starts noting the patient's taps and keys (once per page; main.js calls it as it is evaluated). */
export function watchPatientInput(): void {
  if (watching) return;
  watching = true;
  for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, noteInput, { capture: true, passive: true });
}

/**
 * Resolves in a later task (so the browser handles a tap first), and not before the page has gone
 * {@link INPUT_PAUSE_MS} without a tap or a key.
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
