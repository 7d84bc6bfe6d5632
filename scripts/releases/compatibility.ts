import semver from 'semver';
import type { ScreenAddress } from '@carebook/shared';

/** The parts of an `mf-manifest.json` (written by @module-federation/enhanced) the check reads. */
export interface FederationManifest {
  name: string;
  shared: Array<{ name: string; version: string; singleton?: boolean; requiredVersion?: string }>;
  exposes?: Array<{ name: string }>;
}

/**
 * Why a remote's build would break the composed site if it went live, or nothing when it would
 * not. Checked against the host that is serving patients:
 * - every module the host's routes load from this remote is still exposed;
 * - every singleton the remote requires is provided by the host in a version it accepts (a
 *   singleton the host lacks or cannot satisfy means two Reacts, or two contexts, on one page);
 * - every singleton has the host's major version (a major version may remove or change names,
 *   whatever range the build declares).
 * What each singleton must provide by name is checked from the builds' contracts (contract.ts).
 */
export function compatibilityProblems(
  remote: FederationManifest,
  host: FederationManifest,
  screens: readonly ScreenAddress[],
): string[] {
  const problems: string[] = [];
  const exposed = new Set((remote.exposes ?? []).map((module) => module.name.replace(/^\.\//, '')));
  for (const screen of screens.filter((candidate) => candidate.remote === remote.name)) {
    if (!exposed.has(screen.module)) {
      problems.push(`the host's route ${screen.path} needs ./${screen.module}, which this build of ${remote.name} does not expose`);
    }
  }
  const provided = new Map(host.shared.map((library) => [library.name, library.version]));
  for (const library of remote.shared.filter((candidate) => candidate.singleton)) {
    const hostVersion = provided.get(library.name);
    if (!hostVersion) {
      problems.push(`${library.name} is a singleton this build needs, but the host does not provide it`);
    } else if (library.requiredVersion && !semver.satisfies(hostVersion, library.requiredVersion)) {
      problems.push(`${library.name}: this build requires ${library.requiredVersion}, the host provides ${hostVersion}`);
    } else if (semver.valid(library.version) && semver.valid(hostVersion) && semver.major(library.version) !== semver.major(hostVersion)) {
      problems.push(`${library.name} ${library.version} is a different major version from the host's ${hostVersion}`);
    }
  }
  return problems;
}
