import { matchPath } from '@carebook/shared/router';
import { SCREENS } from '@carebook/shared';

/** The folder a remote's release is served from: its `remoteEntry.js`'s, where all its chunks are too. */
function folderOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    return `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`;
  } catch {
    return null;
  }
}

function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/**
 * The remote whose code a script URL is: the one whose release folder holds it (its entry's
 * folder), else the only remote served from the URL's origin. Null for the host's own code, a
 * browser extension, or a URL the browser hid (a cross-origin script without CORS reports none).
 */
export function remoteOfScript(scriptUrl: string | undefined, remotes: Readonly<Record<string, string>>): string | null {
  if (!scriptUrl) return null;
  let best: { remote: string; folder: string } | null = null;
  for (const [remote, entry] of Object.entries(remotes)) {
    const folder = folderOf(entry);
    if (folder && scriptUrl.startsWith(folder) && (!best || folder.length > best.folder.length)) best = { remote, folder };
  }
  if (best) return best.remote;
  const origin = originOf(scriptUrl);
  const sameOrigin = Object.entries(remotes).filter(([, entry]) => origin !== null && originOf(entry) === origin);
  return sameOrigin.length === 1 ? (sameOrigin[0]?.[0] ?? null) : null;
}

const STACK_URL = /\b(https?:\/\/[^\s)'"]+?)(?::\d+){0,2}(?=[\s)'"]|$)/g;

/** The remote whose code threw, from an error's stack: the innermost frame that is a remote's. */
export function remoteOfError(error: unknown, remotes: Readonly<Record<string, string>>): string | null {
  const stack = error instanceof Error ? error.stack : undefined;
  if (!stack) return null;
  for (const match of stack.matchAll(STACK_URL)) {
    const remote = remoteOfScript(match[1], remotes);
    if (remote) return remote;
  }
  return null;
}

/** The remote of the page's route: its main region, to which calls the page made are put down. */
export function mainRemoteOf(pathname: string): string | null {
  return SCREENS.find((screen) => matchPath(screen.path, pathname))?.remote ?? null;
}
