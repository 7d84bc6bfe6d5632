import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchPath } from '@carebook/shared/router';
import { SCREENS } from '@carebook/shared';
import type { InitialData } from '@carebook/shared/react';
import '@carebook/shared/tokens.css';
import '@carebook/shared/base.css';
import './styles/global.css';
import { App } from './app';
import { preloadScreen } from './remotes/load-screen';
import { inlineJson, loadRuntimeConfig, registerRuntimeRemotes } from './remotes/runtime-config';

/** How long hydration may wait for its route's remote; the server's HTML stays on screen meanwhile. */
const FIRST_SCREEN_WAIT_MS = 10_000;

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  registerRuntimeRemotes(config);
  // The data the host's server rendered the page from (host/server).
  const initialData = inlineJson<InitialData>('carebook-data');
  // The route's screen code first, so hydration takes over the server's HTML of that screen as it
  // is, rather than holding it until the code arrives.
  const screen = SCREENS.find((candidate) => matchPath(candidate.path, window.location.pathname));
  if (screen) {
    await Promise.race([
      preloadScreen(`${screen.remote}/${screen.module}`),
      new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
    ]);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  if (container.firstElementChild) {
    hydrateRoot(container, <App config={config} initialData={initialData} hydrating />, {
      onRecoverableError: (error) => console.warn('[carebook] the page was rendered again in the browser:', error),
    });
  } else {
    createRoot(container).render(<App config={config} initialData={initialData} />);
  }
}

void start();
