import fs from 'node:fs';
import path from 'node:path';

/** Names of one singleton: its exports and, for the app context, the context's fields. */
export interface Surface {
  exports: string[];
  context?: string[];
}

/** `singleton-contract.json` in an app's build (written by tools/singleton-contract.js). */
export interface SingletonContract {
  app: string;
  singletons: Record<string, { version: string; provides: Surface; needs: Surface }>;
}

export const CONTRACT_FILE = 'singleton-contract.json';

/** The contract a build folder carries, or null for a build made before contracts existed. */
export function readContract(buildDir: string): SingletonContract | null {
  const file = path.join(buildDir, CONTRACT_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SingletonContract) : null;
}

const list = (names: string[]): string => names.join(', ');

/** What `needs` asks for that `provides` lacks, as one line per kind of name. */
function missing(needs: Surface, provides: Surface | undefined): { exports: string[]; context: string[] } {
  const exported = new Set(provides?.exports ?? []);
  const fields = new Set(provides?.context ?? []);
  return {
    exports: needs.exports.filter((name) => !exported.has(name)),
    context: (needs.context ?? []).filter((name) => !fields.has(name)),
  };
}

/**
 * Why a remote's build cannot run on the live host: every name it imports from a singleton, and
 * every context field it reads, must be provided by the host's build, since the composed page
 * runs the host's copy of each singleton, not the remote's.
 */
export function remoteNeedsProblems(remote: SingletonContract, host: SingletonContract): string[] {
  const problems: string[] = [];
  for (const [key, singleton] of Object.entries(remote.singletons)) {
    const hosted = host.singletons[key];
    const lacking = missing(singleton.needs, hosted?.provides);
    const hostVersion = hosted ? `${key} ${hosted.version}` : `no ${key}`;
    if (lacking.exports.length) {
      problems.push(`${key}: this build of ${remote.app} uses ${list(lacking.exports)}, which the live host (${hostVersion}) does not provide; release the host with it first`);
    }
    if (lacking.context.length) {
      problems.push(`${key}: this build of ${remote.app} reads the context field${lacking.context.length > 1 ? 's' : ''} ${list(lacking.context)}, which the live host's context (${hostVersion}) does not provide; release the host with it first`);
    }
  }
  return problems;
}

/** Why a host build would break a live remote: it no longer provides a name that remote needs. */
export function hostDropsProblems(host: SingletonContract, liveRemotes: Array<{ release: string; contract: SingletonContract }>): string[] {
  const problems: string[] = [];
  for (const { release, contract } of liveRemotes) {
    for (const [key, singleton] of Object.entries(contract.singletons)) {
      const lacking = missing(singleton.needs, host.singletons[key]?.provides);
      const names = [...lacking.exports, ...lacking.context.map((field) => `context field ${field}`)];
      if (names.length) {
        problems.push(`${key}: the live ${contract.app} release ${release} uses ${list(names)}, which this host build no longer provides`);
      }
    }
  }
  return problems;
}
