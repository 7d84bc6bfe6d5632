const mockAskedFor: string[] = [];
jest.mock('./bootstrap', () => {
  mockAskedFor.push('the app');
  return {};
});

/** Lets every microtask queued so far (and those they queue) run, in the current task. */
const drainMicrotasks = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

describe('the host entry (main.js)', () => {
  it('asks for the app in a task after its own, so a tap on the server page is handled between them', async () => {
    // The entry is a script, not a module with exports: evaluated as main.js is.
    jest.requireActual('./index');
    await drainMicrotasks();
    expect(mockAskedFor).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 0));
    await drainMicrotasks();
    expect(mockAskedFor).toEqual(['the app']);
  });
});
