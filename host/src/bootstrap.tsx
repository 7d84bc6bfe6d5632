import { startTransition } from 'react';
import { matchPath } from '@carebook/shared/router';
import { SCREENS } from '@carebook/shared';
import { TOKEN_KEY, type InitialData } from '@carebook/shared/react';
import '@carebook/shared/tokens.css';
import '@carebook/shared/base.css';
import './styles/global.css';
import { afterInputPause } from './remotes/input-pause';
import { preloadScreen } from './remotes/load-screen';
import { inlineJson, loadRuntimeConfig, registerRuntimeRemotes } from './remotes/runtime-config';
import { startTelemetry } from './telemetry/telemetry';

declare const process: { env: { TELEMETRY: 'on' | 'off' } };

/** How long the first render may wait for its route's remote; the server's HTML stays on screen meanwhile. */
const FIRST_SCREEN_WAIT_MS = 10_000;

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  registerRuntimeRemotes(config);
  if (process.env.TELEMETRY !== 'off') startTelemetry(config);
  // The data the host's server rendered the page from (servers/host).
  const initialData = inlineJson<InitialData>('carebook-data');
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const fromServer = Boolean(container.firstElementChild);
  const screen = SCREENS.find((candidate) => matchPath(candidate.path, window.location.pathname));
  const screenCode = screen ? preloadScreen(`${screen.remote}/${screen.module}`) : Promise.resolve();
  // Signed out (as the server rendered it): hydrate at once. The route's region stays the server's
  // HTML until its code arrives, and React replays a tap made on it meanwhile. Signed in, the
  // navbar changes right after hydration, which would make React drop a region still waiting for
  // its code (to its skeleton): so that code comes first, the server's HTML on screen meanwhile.
  // With no server HTML (a page served without it), the screen's code first as well.
  if (!fromServer || hasStoredToken()) {
    await Promise.race([screenCode, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
  }
  // The app's code is evaluated in parts (React DOM, then the app), each its own task: on a slow
  // phone, one task for all of it held a tap on the server's page for a quarter of a second. Each
  // waits, too, while the patient is tapping the server's page (input-pause.ts).
  await afterInputPause();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await afterInputPause();
  const { App } = await import(/* webpackMode: "eager" */ './app');
  await afterInputPause();
  if (fromServer) {
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser handle
    // input in between: on a slow phone a tap on a link or a time of the server's page answers at
    // once instead of waiting for the whole page to hydrate (one long task otherwise).
    startTransition(() => {
      hydrateRoot(container, <App config={config} initialData={initialData} hydrating />, {
        onRecoverableError: (error) => console.warn('[carebook] the page was rendered again in the browser:', error),
      });
    });
  } else {
    createRoot(container).render(<App config={config} initialData={initialData} />);
  }
}

function hasStoredToken(): boolean {
  try {
    return Boolean(window.localStorage.getItem(TOKEN_KEY));
  } catch {
    return false;
  }
}

void start();
