import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks the stand-in module below, so `load-screen` can tell it from a real screen. */
export const UNAVAILABLE = '__carebookUnavailable';

/**
 * When a remote's module cannot be loaded (its chunk is gone: the remote stopped or was redeployed
 * mid-visit), hand back a stand-in module marked {@link UNAVAILABLE} that carries the error, instead
 * of an unhandled rejection inside the runtime. `load-screen` turns it into a failed load, so the
 * RemoteSlot fallback shows and nothing broken is cached. Its component also throws, so any other
 * consumer still lands in an error boundary. No React import here: this runs before sharing is set
 * up. Only the `onLoad` lifecycle may return a module; in the others a returned value would be read
 * as a manifest, so they rethrow by returning nothing.
 */
export default function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'carebook-offline-remote',
    errorLoadRemote({ id, error, lifecycle, from }) {
      console.warn(`[carebook] could not load ${id} (${lifecycle})`, error);
      if (lifecycle !== 'onLoad') return undefined;
      const unavailable = (): never => {
        throw error instanceof Error ? error : new Error(`Could not load ${id}`);
      };
      const module = { __esModule: true, default: unavailable, [UNAVAILABLE]: error };
      return from === 'build' ? () => module : module;
    },
  };
}
