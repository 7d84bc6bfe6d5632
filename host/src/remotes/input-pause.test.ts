import type * as InputPause from './input-pause';

/** Lets the tasks queued so far run, then their microtasks. */
const nextTask = async (): Promise<void> => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

describe('afterInputPause', () => {
  let now: number;
  let pause: typeof InputPause;

  beforeEach(() => {
    // A fresh module: no tap noted yet, and the listeners added again.
    jest.resetModules();
    now = 1000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    pause = jest.requireActual('./input-pause');
    pause.watchPatientInput();
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  /** Whether the promise has settled, after the current task's microtasks. */
  const settled = async (promise: Promise<void>): Promise<boolean> => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    return done;
  };

  it('goes on in the next task on a page nobody has touched', async () => {
    const going = pause.afterInputPause();
    expect(await settled(going)).toBe(false);
    await nextTask();
    expect(await settled(going)).toBe(true);
  });

  it('after a tap, waits until the page has gone the pause without one', async () => {
    const type = 'pointerdown';
    jest.useFakeTimers();
    window.dispatchEvent(new Event(type));
    const going = pause.afterInputPause();

    now += pause.INPUT_PAUSE_MS - 100;
    jest.advanceTimersByTime(pause.INPUT_PAUSE_MS - 100);
    expect(await settled(going)).toBe(false);

    // Another tap 500 ms in: the pause counts from it.
    window.dispatchEvent(new Event(type));
    now += 300;
    jest.advanceTimersByTime(300);
    expect(await settled(going)).toBe(false);

    now += pause.INPUT_PAUSE_MS - 300;
    jest.advanceTimersByTime(pause.INPUT_PAUSE_MS - 300);
    expect(await settled(going)).toBe(true);
  });

  it('is not held by keys: typing into a form before the app arrives does not put the app off', async () => {
    jest.useFakeTimers();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    const going = pause.afterInputPause();
    jest.advanceTimersByTime(1);
    expect(await settled(going)).toBe(true);
  });

  it('notes taps in the capture phase, so a handler that stops the event cannot hide it', async () => {
    jest.useFakeTimers();
    const button = document.createElement('button');
    document.body.append(button);
    button.addEventListener('pointerdown', (event) => event.stopPropagation());
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    const going = pause.afterInputPause();
    jest.advanceTimersByTime(10);
    expect(await settled(going)).toBe(false);
    now += pause.INPUT_PAUSE_MS;
    jest.advanceTimersByTime(pause.INPUT_PAUSE_MS);
    expect(await settled(going)).toBe(true);
    button.remove();
  });
});
