import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@carebook/shared';

export type { ReleaseInfo, RuntimeConfig } from '@carebook/shared';

declare const process: { env: { API_URL: string; ADMIN_URL: string; REMOTE_ORIGINS: Record<string, string> } };

/** Build-time defaults, used only when `/remotes.json` cannot be read. */
export function defaultRuntimeConfig(): RuntimeConfig {
  return {
    apiUrl: process.env.API_URL,
    adminUrl: process.env.ADMIN_URL,
    remotes: Object.fromEntries(
      Object.entries(process.env.REMOTE_ORIGINS).map(([name, origin]) => [name, `${origin}/remoteEntry.js`]),
    ),
    releases: {},
  };
}

/** A JSON document the host server put in the page (`<script type="application/json" id=...>`). */
export function inlineJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function withDefaults(served: Partial<RuntimeConfig>, fallback: RuntimeConfig): RuntimeConfig {
  return {
    apiUrl: served.apiUrl ?? fallback.apiUrl,
    adminUrl: served.adminUrl ?? fallback.adminUrl,
    remotes: { ...fallback.remotes, ...served.remotes },
    releases: served.releases ?? {},
  };
}

/** This page load's configuration: inline in the page when the host server rendered it, else asked for. */
export async function loadRuntimeConfig({ fresh = false } = {}): Promise<RuntimeConfig> {
  const fallback = defaultRuntimeConfig();
  const inline = fresh ? null : inlineJson<Partial<RuntimeConfig>>('carebook-config');
  if (inline) return withDefaults(inline, fallback);
  try {
    const response = await fetch('/remotes.json', { cache: 'no-cache' });
    if (!response.ok) return fallback;
    return withDefaults((await response.json()) as Partial<RuntimeConfig>, fallback);
  } catch {
    return fallback;
  }
}

let registered: Record<string, string> = {};

export function registerRuntimeRemotes(config: Pick<RuntimeConfig, 'remotes' | 'releases'>): void {
  registered = { ...config.remotes };
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
  const running = Object.entries(config.releases).map(([name, release]) => `${name} ${release?.id ?? '(not answering)'}`);
  if (running.length) console.info(`[carebook] releases: ${running.join(', ')}`);
}

/**
 * Forget everything loaded from one remote, so the next load fetches its `remoteEntry.js` again
 * (a remote that was down and came back).
 */
export function resetRemote(name: string): void {
  const entry = registered[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

/**
 * Moves one remote to its live release: asks `/remotes.json` again and, when the remote's entry
 * changed (a release or a rollback since this page loaded), registers the new one. Returns whether
 * it changed, i.e. whether loading again can succeed where the old release's files are gone.
 */
export async function refreshRemote(name: string): Promise<boolean> {
  const config = await loadRuntimeConfig({ fresh: true });
  const entry = config.remotes[name];
  if (!entry || entry === registered[name]) return false;
  registered[name] = entry;
  registerRemotes([{ name, entry }], { force: true });
  console.info(`[carebook] ${name} moved to release ${config.releases[name]?.id ?? entry}`);
  return true;
}
