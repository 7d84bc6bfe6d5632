import { registerRemotes } from '@module-federation/enhanced/runtime';

/** What the host learns at run time from `/remotes.json`, so remotes move without a rebuild. */
export interface RuntimeConfig {
  apiUrl: string;
  adminUrl: string;
  /** Federation name -> address of its `remoteEntry.js`. */
  remotes: Record<string, string>;
}

declare const process: { env: { API_URL: string; ADMIN_URL: string; REMOTE_ORIGINS: Record<string, string> } };

/** Build-time defaults, used only when `/remotes.json` cannot be read. */
export function defaultRuntimeConfig(): RuntimeConfig {
  return {
    apiUrl: process.env.API_URL,
    adminUrl: process.env.ADMIN_URL,
    remotes: Object.fromEntries(
      Object.entries(process.env.REMOTE_ORIGINS).map(([name, origin]) => [name, `${origin}/remoteEntry.js`]),
    ),
  };
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const fallback = defaultRuntimeConfig();
  try {
    const response = await fetch('/remotes.json', { cache: 'no-cache' });
    if (!response.ok) return fallback;
    const served = (await response.json()) as Partial<RuntimeConfig>;
    return {
      apiUrl: served.apiUrl ?? fallback.apiUrl,
      adminUrl: served.adminUrl ?? fallback.adminUrl,
      remotes: { ...fallback.remotes, ...served.remotes },
    };
  } catch {
    return fallback;
  }
}

let registered: Record<string, string> = {};

export function registerRuntimeRemotes(remotes: Record<string, string>): void {
  registered = remotes;
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/**
 * Forget everything loaded from one remote, so the next load fetches its `remoteEntry.js` again
 * (a remote that was down and came back, or was redeployed).
 */
export function resetRemote(name: string): void {
  const entry = registered[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
