import type { ReleaseInfo } from './release-store';

/** Where the host finds one remote: the address browsers use, and the one this server can reach. */
export interface RemoteAddress {
  name: string;
  /** Origin browsers load the remote from, e.g. `http://localhost:3001`. */
  publicOrigin: string;
  /** Origin this server reaches it at (another container's name in docker-compose). */
  internalOrigin: string;
}

export interface LiveRemotes {
  /** Federation name -> the live release's `remoteEntry.js`. */
  remotes: Record<string, string>;
  /** Federation name -> the live release, or null when the remote did not answer. */
  releases: Record<string, ReleaseInfo | null>;
}

const LOOKUP_TIMEOUT_MS = 800;

/**
 * Asks each remote which release is live, for this page load: the host never freezes an address
 * at start, so a release or a rollback shows on the next load. A remote that does not answer
 * gets its stable `/remoteEntry.js` (its live entry once it is back; its region shows the
 * fallback meanwhile).
 */
export async function lookUpLiveRemotes(addresses: readonly RemoteAddress[]): Promise<LiveRemotes> {
  const answers = await Promise.all(
    addresses.map(async (address) => {
      try {
        const response = await fetch(`${address.internalOrigin}/release.json`, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
        if (!response.ok) return null;
        const live = (await response.json()) as ReleaseInfo & { entry: string };
        return { id: live.id, builtAt: live.builtAt, entry: `${address.publicOrigin}${live.entry}` };
      } catch {
        return null;
      }
    }),
  );
  const result: LiveRemotes = { remotes: {}, releases: {} };
  addresses.forEach((address, index) => {
    const live = answers[index];
    result.remotes[address.name] = live?.entry ?? `${address.publicOrigin}/remoteEntry.js`;
    result.releases[address.name] = live ? { id: live.id, builtAt: live.builtAt } : null;
  });
  return result;
}
