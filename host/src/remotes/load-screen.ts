import { loadRemote } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { UNAVAILABLE } from './offline-remote-plugin';
import { refreshRemote, resetRemote } from './runtime-config';

type Screen = LazyExoticComponent<ComponentType>;
const screens = new Map<string, Screen>();

/** The loader used for a screen; replaced in unit tests. */
export type ScreenLoader = (id: string) => Promise<{ default: ComponentType } | null>;

let loader: ScreenLoader = (id) => loadRemote<{ default: ComponentType }>(id);

export function setScreenLoader(next: ScreenLoader): void {
  loader = next;
  screens.clear();
}

async function loadOnce(id: string): Promise<{ default: ComponentType }> {
  const module = await loader(id);
  if (module && UNAVAILABLE in module) throw module[UNAVAILABLE];
  if (!module?.default) throw new Error(`${id} has no default export`);
  return module;
}

/**
 * One lazy component per federated module id (`doctors/home`), kept while it works so moving
 * between routes of one remote does not flash a loading state.
 * When a load fails, the remote may have been released or rolled back since this page loaded
 * and the old release's files pruned: the remote is moved to its live release and the load tried
 * once more, before any fallback shows. A load that still fails is forgotten, so the next render
 * (Retry, or navigating back) tries the network again, and so is everything the federation
 * runtime cached for that remote (a remote that was down keeps failing otherwise).
 */
export function getScreen(id: string): Screen {
  let screen = screens.get(id);
  if (!screen) {
    const remote = id.split('/')[0] ?? id;
    screen = lazy(async () => {
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
        screens.delete(id);
        resetRemote(remote);
        throw error;
      }
    });
    screens.set(id, screen);
  }
  return screen;
}

export function forgetScreen(id: string): void {
  screens.delete(id);
}
