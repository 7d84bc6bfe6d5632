import { act, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { FORM_TAKEN_OVER_EVENT } from './form-events';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';

/** A form of the kit as a screen has it: its state shown beside it, so a test reads what the app holds. */
function Form({ initial = '' }: { initial?: string }): ReactNode {
  const [email, setEmail] = useState(initial);
  const [message, setMessage] = useState('');
  return (
    <form method="post">
      <TextField id="email" label="Email" type="email" value={email} onValueChange={setEmail} />
      <TextAreaField id="message" label="Message" value={message} onValueChange={setMessage} />
      <output>{`${email}|${message}`}</output>
    </form>
  );
}

describe('a kit field taken over by the app', () => {
  let container: HTMLElement;
  let root: Root | undefined;
  const takenOver: EventTarget[] = [];
  const note = (event: Event): void => {
    takenOver.push(event.target as EventTarget);
  };

  beforeEach(() => {
    takenOver.length = 0;
    document.addEventListener(FORM_TAKEN_OVER_EVENT, note);
    container = document.createElement('div');
    document.body.append(container);
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
    document.removeEventListener(FORM_TAKEN_OVER_EVENT, note);
  });

  /** The server's HTML of the form, typed into as a patient would before any script. */
  function serverPage(initial?: string): { email: HTMLInputElement; message: HTMLTextAreaElement } {
    container.innerHTML = renderToString(<Form initial={initial} />);
    return {
      email: container.querySelector<HTMLInputElement>('#email')!,
      message: container.querySelector<HTMLTextAreaElement>('#message')!,
    };
  }

  it('adopts what was typed into the server page before hydration, so the app sends it and keeps it on screen', async () => {
    const { email, message } = serverPage();
    email.value = 'ana@example.com';
    message.value = 'Is parking free?';
    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });
    expect(container.querySelector('output')).toHaveTextContent('ana@example.com|Is parking free?');
    expect(email.value).toBe('ana@example.com');
    expect(container.querySelector('#email')).toBe(email);
    // The form is told once per field, after the adoption: the host sends a held submission then.
    expect(takenOver).toEqual([container.querySelector('form'), container.querySelector('form')]);
  });

  it('changes nothing when the field holds what the app does (a field untouched, or one the app drew)', async () => {
    serverPage('kept@example.com');
    await act(async () => {
      root = hydrateRoot(container, <Form initial="kept@example.com" />);
    });
    expect(container.querySelector('output')).toHaveTextContent('kept@example.com|');
    expect(takenOver).toHaveLength(2);
  });
});
