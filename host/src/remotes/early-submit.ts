import { FORM_TAKEN_OVER_EVENT } from '@carebook/shared/form-events';

/**
 * A form of the server's page that only the app can send (log in, sign up, a new password, the
 * contact form: `method="post"` and no `action`, so the browser would post it to the page itself,
 * which the host's server answers with the same page, empty) can be sent before the app has taken
 * it over: Enter in the password field on a slow phone. So `main.js` holds that submission, marks
 * the form busy, and sends it again through the app once the app has taken the form over (its
 * fields dispatch {@link FORM_TAKEN_OVER_EVENT} as they mount, having adopted what was typed).
 * Nothing typed is lost and nothing is sent twice. The doctor's page's booking form names its
 * `action` and books without the app (docs/architecture.md, "Booking before the app"): it goes as
 * sent. Before `main.js` has run (or with no script at all), the browser's own post remains.
 */

interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

const takenOver = new WeakSet<HTMLFormElement>();
let held: HeldSubmit | null = null;
let holding = false;

function sentOnlyByApp(form: HTMLFormElement): boolean {
  return form.method === 'post' && !form.hasAttribute('action');
}

/** The button that sent the form is still one of its own (requestSubmit refuses any other). */
function submitsForm(submitter: HTMLElement | null, form: HTMLFormElement): boolean {
  return (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.form === form;
}

function holdSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || takenOver.has(form) || !sentOnlyByApp(form)) return;
  event.preventDefault();
  held = { form, submitter: event.submitter };
  form.setAttribute('aria-busy', 'true');
}

function sendHeld(event: Event): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  takenOver.add(form);
  if (held?.form !== form) return;
  const { submitter } = held;
  held = null;
  form.removeAttribute('aria-busy');
  // In a later task: by then the app has rendered what its fields adopted, so its handler reads it.
  setTimeout(() => {
    if (!form.isConnected) return;
    form.requestSubmit(submitsForm(submitter, form) ? submitter : null);
  }, 0);
}

/** Starts holding early submissions (once per page; main.js calls it as it is evaluated). */
export function holdEarlySubmits(): void {
  if (holding) return;
  holding = true;
  window.addEventListener('submit', holdSubmit, { capture: true });
  document.addEventListener(FORM_TAKEN_OVER_EVENT, sendHeld);
}
