import type * as InputPause from './remotes/input-pause';

const mockAskedFor: string[] = [];
jest.mock('./bootstrap', () => {
  mockAskedFor.push('the app');
  return {};
});

/** Lets every microtask queued so far (and those they queue) run, in the current task. */
const drainMicrotasks = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** Lets the tasks queued so far run (a `setTimeout(…, 0)` among them), then their microtasks. */
const nextTask = async (): Promise<void> => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await drainMicrotasks();
};

/** Evaluates the entry as main.js is (a script, not a module with exports). */
const evaluateEntry = (): void => {
  jest.requireActual('./index');
};

describe('the host entry (main.js)', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    // A fresh module registry: the entry is evaluated again, and the app is asked for anew.
    jest.resetModules();
    mockAskedFor.length = 0;
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it("asks for the app only in a task after the browser's next frame, so the server's page is painted and a tap on it handled first", async () => {
    evaluateEntry();
    await nextTask();
    expect(mockAskedFor).toEqual([]);
    expect(frames).toHaveLength(1);

    frames[0]?.(performance.now());
    await drainMicrotasks();
    expect(mockAskedFor).toEqual([]);

    await nextTask();
    expect(mockAskedFor).toEqual(['the app']);
  });

  /**
   * Evaluates the entry on fake timers, `before` running first (a tap), and checks that the app is
   * asked for only once the page has gone the whole input pause without a tap.
   */
  async function expectAppAfterThePause(before: () => void = () => undefined): Promise<void> {
    jest.useFakeTimers();
    let now = 5000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    evaluateEntry();
    const { INPUT_PAUSE_MS } = jest.requireActual<typeof InputPause>('./remotes/input-pause');
    before();
    frames[0]?.(now);
    now += INPUT_PAUSE_MS - 50;
    jest.advanceTimersByTime(INPUT_PAUSE_MS - 50);
    await drainMicrotasks();
    expect(mockAskedFor).toEqual([]);

    now += 50;
    jest.advanceTimersByTime(50);
    await drainMicrotasks();
    expect(mockAskedFor).toEqual(['the app']);
  }

  it('waits while the patient taps the server\'s page: the app is asked for once the page has gone the pause without a tap', async () => {
    await expectAppAfterThePause(() => window.dispatchEvent(new Event('pointerdown')));
  });

  it("waits the pause on a doctor's page opened with its time chosen, whose next tap is Book: as after a tap", async () => {
    window.history.replaceState(null, '', '/appointment/doc01?date=30_11_2026&time=10:00');
    await expectAppAfterThePause();
  });

  it("starts at once on a doctor's page with no time chosen, and on any other page with a time in its address", async () => {
    for (const address of ['/appointment/doc01?date=30_11_2026', '/doctors?time=10:00']) {
      jest.resetModules();
      mockAskedFor.length = 0;
      frames.length = 0;
      window.history.replaceState(null, '', address);
      evaluateEntry();
      frames[0]?.(performance.now());
      await nextTask();
      expect(mockAskedFor).toEqual(['the app']);
    }
  });

  it('asks for the app in the next task in a tab not shown, which draws no frame', async () => {
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    evaluateEntry();
    expect(mockAskedFor).toEqual([]);

    await nextTask();
    expect(mockAskedFor).toEqual(['the app']);
    expect(frames).toHaveLength(0);
  });
});
