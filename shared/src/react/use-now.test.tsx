import { act, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { AppProvider } from '@carebook/shared/react';
import { useNow } from './use-now';

function Clock(): ReactNode {
  return <p>{useNow(60_000).toISOString()}</p>;
}

const RENDERED = new Date('2026-11-27T20:29:50.000Z');
const LATER = new Date('2026-11-27T20:30:20.000Z');

/** The page as the host draws it: the provider with the data the page carries. */
function page(renderedAt: Date | null): ReactNode {
  const initialData = { doctors: [], clinic: { timeZone: 'UTC' }, ...(renderedAt ? { renderedAt: renderedAt.toISOString() } : {}) };
  return (
    <AppProvider apiUrl="http://api.test" initialData={initialData} hydrating>
      <Clock />
    </AppProvider>
  );
}

describe('useNow', () => {
  beforeEach(() => jest.useFakeTimers({ now: LATER }));
  afterEach(() => jest.useRealTimers());

  it("hydrates the server's HTML with the instant the server drew it, across a half hour, keeping its nodes", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(RENDERED));
    const serverText = container.querySelector('p');
    expect(serverText?.textContent).toBe(RENDERED.toISOString());
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page(RENDERED), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('p')).toBe(serverText);
    expect(serverText?.textContent).toBe(RENDERED.toISOString());
    // The first refresh brings it up to date.
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(serverText?.textContent).toBe(new Date(LATER.getTime() + 60_000).toISOString());
  });

  it('starts from the real time in a screen drawn in the browser (a later page of the visit)', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(page(RENDERED)));
    expect(container.textContent).toBe(LATER.toISOString());
    await act(async () => root.unmount());
  });

  it('starts from the real time with no server render', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(page(null)));
    expect(container.textContent).toBe(LATER.toISOString());
    await act(async () => root.unmount());
  });
});
