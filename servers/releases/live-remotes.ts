import http from 'node:http';
import https from 'node:https';
import { inCanary, progressAt, type CanaryOffer, type CanaryStage } from './canary';
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
  /** Federation name -> its running canary (entry absolute), for the remotes that have one. */
  canaries: Record<string, CanaryOffer>;
}

/** One remote's live release as it answered: the release and the entry browsers load. */
export interface LiveRelease extends ReleaseInfo {
  /** Absolute address of the release's entry, on the remote's public origin. */
  entry: string;
  /** Its running canary, entry absolute too (null: none). */
  canary: CanaryOffer | null;
}

/** The releases one patient's page runs: the live ones, or a canary where the patient's bucket is in its share. */
export interface ReleasesForPatient {
  remotes: Record<string, string>;
  releases: Record<string, ReleaseInfo | null>;
  /** The remotes whose canary this patient gets, sorted. */
  canary: string[];
}

function isLiveReleaseReply(value: unknown): value is ReleaseInfo & { entry: string } {
  if (typeof value !== 'object' || value === null) return false;
  const reply = value as Record<string, unknown>;
  return typeof reply.id === 'string' && typeof reply.builtAt === 'string' && typeof reply.entry === 'string' && reply.entry.startsWith('/');
}

function isStage(value: unknown): value is CanaryStage {
  const stage = value as Partial<CanaryStage> | null;
  return (
    typeof stage?.share === 'number' &&
    Number.isInteger(stage.share) &&
    stage.share >= 1 &&
    stage.share <= 99 &&
    (stage.durationMs === null || (typeof stage.durationMs === 'number' && stage.durationMs > 0))
  );
}

/** A canary as a remote offers it; anything else is no canary (the live release serves everyone). */
function canaryOfReply(value: unknown, publicOrigin: string): CanaryOffer | null {
  const offer = value as Partial<CanaryOffer> | null;
  if (
    typeof offer?.id !== 'string' ||
    typeof offer.builtAt !== 'string' ||
    typeof offer.entry !== 'string' ||
    !offer.entry.startsWith('/') ||
    typeof offer.startedAt !== 'string' ||
    Number.isNaN(Date.parse(offer.startedAt)) ||
    !Array.isArray(offer.stages) ||
    !offer.stages.length ||
    !offer.stages.every(isStage)
  ) {
    return null;
  }
  return { id: offer.id, builtAt: offer.builtAt, entry: `${publicOrigin}${offer.entry}`, startedAt: offer.startedAt, stages: offer.stages };
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
 * down, slow past `signal`, or answers something else counts as not answering (null), and
 * `failed` is told why.
 */
export async function askLiveRelease(address: RemoteAddress, signal: AbortSignal, failed?: (why: string) => void): Promise<LiveRelease | null> {
  try {
    const reply = await getJson(`${address.internalOrigin}/release.json`, signal);
    if (!isLiveReleaseReply(reply)) {
      failed?.(`${address.internalOrigin}/release.json answered no release`);
      return null;
    }
    const canary = canaryOfReply((reply as { canary?: unknown }).canary ?? null, address.publicOrigin);
    return { id: reply.id, builtAt: reply.builtAt, entry: `${address.publicOrigin}${reply.entry}`, canary };
  } catch (error) {
    failed?.(error instanceof Error ? error.message : String(error));
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
  const result: LiveRemotes = { remotes: {}, releases: {}, canaries: {} };
  for (const address of addresses) {
    const live = answers.get(address.name) ?? null;
    result.remotes[address.name] = live?.entry ?? `${address.publicOrigin}/remoteEntry.js`;
    result.releases[address.name] = releaseInfoOf(live);
    if (live?.canary) result.canaries[address.name] = live.canary;
  }
  return result;
}

/**
 * The releases the patient in `bucket` gets at `now`: each remote's canary where the bucket is
 * inside the share its plan has in force, else the live release. The same bucket at the same
 * stage always gets the same set, on every server.
 */
export function releasesForBucket(live: LiveRemotes, bucket: number, now: Date): ReleasesForPatient {
  const result: ReleasesForPatient = { remotes: { ...live.remotes }, releases: { ...live.releases }, canary: [] };
  for (const [name, offer] of Object.entries(live.canaries).sort(([a], [b]) => a.localeCompare(b))) {
    if (!live.releases[name] || !inCanary(bucket, progressAt(offer, now).share)) continue;
    result.remotes[name] = offer.entry;
    result.releases[name] = { id: offer.id, builtAt: offer.builtAt };
    result.canary.push(name);
  }
  return result;
}
