import { createRoot } from 'react-dom/client';
import { matchPath } from '@carebook/shared/router';
import { SCREENS } from '@carebook/shared';
import type { InitialData } from '@carebook/shared/react';
import '@carebook/shared/tokens.css';
import '@carebook/shared/base.css';
import './styles/global.css';
import { App } from './app';
import { preloadScreen } from './remotes/load-screen';
import { inlineJson, loadRuntimeConfig, registerRuntimeRemotes } from './remotes/runtime-config';

/** How long the first view may wait for its route's remote before the shell shows its skeleton. */
const FIRST_SCREEN_WAIT_MS = 10_000;

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  registerRuntimeRemotes(config);
  // The data the host server rendered the first view from (scripts/first-view).
  const initialData = inlineJson<InitialData>('carebook-data');
  // The page already shows this route's first view: replace it once, with the real screen, rather
  // than with a loading state in between.
  const screen = SCREENS.find((candidate) => matchPath(candidate.path, window.location.pathname));
  if (screen) {
    await Promise.race([
      preloadScreen(`${screen.remote}/${screen.module}`),
      new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
    ]);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<App config={config} initialData={initialData} />);
}

void start();
