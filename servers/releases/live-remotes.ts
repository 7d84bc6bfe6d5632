import http from 'node:http';
import https from 'node:https';
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

/** One remote's live release as it answered: the release and the entry browsers load. */
export interface LiveRelease extends ReleaseInfo {
  /** Absolute address of the release's entry, on the remote's public origin. */
  entry: string;
}

function isLiveReleaseReply(value: unknown): value is ReleaseInfo & { entry: string } {
  if (typeof value !== 'object' || value === null) return false;
  const reply = value as Record<string, unknown>;
  return typeof reply.id === 'string' && typeof reply.builtAt === 'string' && typeof reply.entry === 'string' && reply.entry.startsWith('/');
}

/** A `/release.json` is a few hundred bytes; anything much larger is not one. */
const MAX_REPLY_BYTES = 64 * 1024;

/**
 * GETs a small JSON document. Plain `node:http` rather than `fetch`: an aborted `fetch` whose
 * answer never started leaves its socket open for seconds more (measured with Node 24: 2 of 3
 * still open 0.5 s after), so asking a hanging remote every second kept several connections to
 * it; here the abort closes the socket at once.
 */
function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { signal, headers: { Accept: 'application/json' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_REPLY_BYTES) request.destroy(new Error(`${url} answered more than ${MAX_REPLY_BYTES} bytes`));
        else chunks.push(chunk);
      });
      response.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(error);
        }
      });
      response.on('close', () => reject(new Error(`${url} closed before the end of its answer`)));
    });
    request.on('error', reject);
  });
}

/**
 * Asks one remote which release is live (its `/release.json`). Never throws: a remote that is
 * down, slow past `signal`, or answers something else counts as not answering (null).
 */
export async function askLiveRelease(address: RemoteAddress, signal: AbortSignal): Promise<LiveRelease | null> {
  try {
    const reply = await getJson(`${address.internalOrigin}/release.json`, signal);
    if (!isLiveReleaseReply(reply)) return null;
    return { id: reply.id, builtAt: reply.builtAt, entry: `${address.publicOrigin}${reply.entry}` };
  } catch {
    return null;
  }
}

/** The release part of an answer (null: not answering). */
export function releaseInfoOf(live: LiveRelease | null): ReleaseInfo | null {
  return live ? { id: live.id, builtAt: live.builtAt } : null;
}

/**
 * What the host serves for these answers. A remote that did not answer gets its stable
 * `/remoteEntry.js` (its live entry once it is back; its region shows the fallback meanwhile).
 */
export function liveRemotesFrom(
  addresses: readonly RemoteAddress[],
  answers: ReadonlyMap<string, LiveRelease | null>,
): LiveRemotes {
  const result: LiveRemotes = { remotes: {}, releases: {} };
  for (const address of addresses) {
    const live = answers.get(address.name) ?? null;
    result.remotes[address.name] = live?.entry ?? `${address.publicOrigin}/remoteEntry.js`;
    result.releases[address.name] = releaseInfoOf(live);
  }
  return result;
}
