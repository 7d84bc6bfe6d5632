import { loadRemote } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { UNAVAILABLE } from './offline-remote-plugin';
import { reportLoadFailure } from '../telemetry/telemetry';
import { refreshRemote, resetRemote } from './runtime-config';

type Screen = LazyExoticComponent<ComponentType>;
type ScreenModule = { default: ComponentType };
const screens = new Map<string, Screen>();
/** Modules loaded before the first render (the page's own route), handed to React at once. */
const loaded = new Map<string, ScreenModule>();

/** The loader used for a screen; replaced in unit tests. */
export type ScreenLoader = (id: string) => Promise<ScreenModule | null>;

let loader: ScreenLoader = (id) => loadRemote<ScreenModule>(id);

export function setScreenLoader(next: ScreenLoader): void {
  loader = next;
  screens.clear();
  loaded.clear();
}

async function loadOnce(id: string): Promise<ScreenModule> {
  const module = await loader(id);
  if (module && UNAVAILABLE in module) throw module[UNAVAILABLE];
  if (!module?.default) throw new Error(`${id} has no default export`);
  return module;
}

/**
 * Loads a screen's module. When a load fails, the remote may have been released or rolled back
 * since this page loaded and the old release's files pruned: the remote is moved to its live
 * release and the load tried once more, before any fallback shows. A load that still fails resets
 * everything the federation runtime cached for that remote (a remote that was down keeps failing
 * otherwise), so the next attempt (Retry, or navigating back) tries the network again.
 */
async function loadScreenModule(id: string): Promise<ScreenModule> {
  const remote = id.split('/')[0] ?? id;
  try {
    return await loadOnce(id);
  } catch (error) {
    if (await refreshRemote(remote).catch(() => false)) {
      try {
        return await loadOnce(id);
      } catch {
        // Reported below with the first error, which says what went wrong for the patient.
      }
    }
    resetRemote(remote);
    reportLoadFailure(remote, error);
    throw error;
  }
}

/** Starts loading a screen before React renders, so the first render shows it, not a skeleton. */
export async function preloadScreen(id: string): Promise<void> {
  try {
    loaded.set(id, await loadScreenModule(id));
  } catch {
    // The slot shows its fallback when it renders; nothing to do here.
  }
}

/** A thenable that calls back at once: React.lazy then renders the module without suspending. */
function settled(module: ScreenModule): Promise<ScreenModule> {
  const thenable = { then: (resolve: (value: ScreenModule) => void) => resolve(module) };
  return thenable as unknown as Promise<ScreenModule>;
}

/**
 * One lazy component per federated module id (`doctors/home`), kept while it works so moving
 * between routes of one remote does not flash a loading state. A failed load is forgotten.
 */
export function getScreen(id: string): Screen {
  let screen = screens.get(id);
  if (!screen) {
    screen = lazy(() => {
      const ready = loaded.get(id);
      if (ready) return settled(ready);
      return loadScreenModule(id).catch((error: unknown) => {
        screens.delete(id);
        throw error;
      });
    });
    screens.set(id, screen);
  }
  return screen;
}

export function forgetScreen(id: string): void {
  screens.delete(id);
  loaded.delete(id);
}
