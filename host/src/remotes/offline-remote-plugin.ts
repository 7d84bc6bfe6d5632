import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * When a remote's module cannot be loaded, hand back a stand-in module instead of letting the
 * failure escape the runtime. Its component throws the original error while rendering, so the
 * host's RemoteSlot error boundary shows the one fallback with Retry. No React import here: this
 * runs before sharing is set up. Only the `onLoad` lifecycle may return a module; in the others a
 * returned value would be read as a manifest, so they rethrow by returning nothing.
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
      const module = { __esModule: true, default: unavailable };
      return from === 'build' ? () => module : module;
    },
  };
}
