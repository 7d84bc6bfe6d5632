import { FORM_TAKEN_OVER_EVENT } from '@carebook/shared/form-events';
import type * as EarlySubmit from './early-submit';

/** Lets the tasks queued so far run. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('holdEarlySubmits', () => {
  let sent: Array<{ form: HTMLFormElement; submitter: HTMLElement | null; held: boolean }>;
  const noteSubmit = (event: SubmitEvent): void => {
    // Bubbling, after the holder's capture: what the app's own handler would see.
    sent.push({ form: event.target as HTMLFormElement, submitter: event.submitter, held: event.defaultPrevented });
    event.preventDefault();
  };

  beforeAll(() => {
    jest.isolateModules(() => {
      (jest.requireActual('./early-submit') as typeof EarlySubmit).holdEarlySubmits();
    });
  });

  beforeEach(() => {
    sent = [];
    document.body.innerHTML = '';
    document.addEventListener('submit', noteSubmit);
  });

  afterEach(() => document.removeEventListener('submit', noteSubmit));

  function serverForm(attributes: string): { form: HTMLFormElement; button: HTMLButtonElement } {
    document.body.innerHTML = `<form ${attributes}><input name="email"><button type="submit">Login</button></form>`;
    return { form: document.querySelector('form')!, button: document.querySelector('button')! };
  }

  const takeOver = (form: HTMLFormElement): boolean => form.dispatchEvent(new Event(FORM_TAKEN_OVER_EVENT, { bubbles: true }));

  it('holds a form only the app can send until the app takes it over, then sends it once through the app', async () => {
    const { form, button } = serverForm('method="post"');
    form.requestSubmit(button);
    expect(sent).toEqual([{ form, submitter: button, held: true }]);
    expect(form).toHaveAttribute('aria-busy', 'true');

    takeOver(form);
    expect(form).not.toHaveAttribute('aria-busy');
    await nextTask();
    expect(sent).toEqual([
      { form, submitter: button, held: true },
      { form, submitter: button, held: false },
    ]);
    // Taken over, the form is the app's: nothing is held or sent again.
    takeOver(form);
    await nextTask();
    expect(sent).toHaveLength(2);
  });

  it('sends nothing when the app took over a form with nothing held', async () => {
    const { form, button } = serverForm('method="post"');
    takeOver(form);
    await nextTask();
    expect(sent).toEqual([]);
    form.requestSubmit(button);
    expect(sent).toEqual([{ form, submitter: button, held: false }]);
  });

  it("lets a form that works without the app go as sent: the booking form's action, a search's get", () => {
    const booking = serverForm('method="post" action="/appointment/doc01"');
    booking.form.requestSubmit(booking.button);
    expect(sent.at(-1)).toEqual({ form: booking.form, submitter: booking.button, held: false });
    const search = serverForm('role="search"');
    search.form.requestSubmit(search.button);
    expect(sent.at(-1)).toEqual({ form: search.form, submitter: search.button, held: false });
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('drops a held submission whose form the app drew anew, and leaves the new form to the app', async () => {
    const held = serverForm('method="post"');
    held.form.requestSubmit(held.button);
    const drawn = serverForm('method="post"');
    takeOver(drawn.form);
    await nextTask();
    expect(sent).toHaveLength(1);
    drawn.form.requestSubmit(drawn.button);
    expect(sent.at(-1)).toEqual({ form: drawn.form, submitter: drawn.button, held: false });
  });
});
