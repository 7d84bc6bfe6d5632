import { loadRemote } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { UNAVAILABLE } from './offline-remote-plugin';
import { resetRemote } from './runtime-config';

type Screen = LazyExoticComponent<ComponentType>;
const screens = new Map<string, Screen>();

/** The loader used for a screen; replaced in unit tests. */
export type ScreenLoader = (id: string) => Promise<{ default: ComponentType } | null>;

let loader: ScreenLoader = (id) => loadRemote<{ default: ComponentType }>(id);

export function setScreenLoader(next: ScreenLoader): void {
  loader = next;
  screens.clear();
}

/**
 * One lazy component per federated module id (`doctors/home`), kept while it works so moving
 * between routes of one remote does not flash a loading state. A failed load is forgotten, so
 * the next render (Retry, or navigating back) tries the network again, and so is everything the
 * federation runtime cached for that remote (a remote that was down keeps failing otherwise).
 */
export function getScreen(id: string): Screen {
  let screen = screens.get(id);
  if (!screen) {
    screen = lazy(async () => {
      try {
        const module = await loader(id);
        if (module && UNAVAILABLE in module) throw module[UNAVAILABLE];
        if (!module?.default) throw new Error(`${id} has no default export`);
        return module;
      } catch (error) {
        screens.delete(id);
        resetRemote(id.split('/')[0] ?? id);
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
