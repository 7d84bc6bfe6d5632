import { SITE_APPS } from '../../servers/apps/site-apps';
import { CONTRACT_FILE, hostDropsProblems, readContract, type SingletonContract } from './contract';
import { ReleaseStore } from '../../servers/releases/release-store';

/** The contracts of the remotes' live releases (a release made before contracts has none to check). */
export function liveRemoteContracts(releasesDir: string): Array<{ release: string; contract: SingletonContract }> {
  return SITE_APPS.filter((app) => app.kind === 'remote').flatMap((app) => {
    const store = new ReleaseStore(releasesDir, app.name);
    const live = store.live();
    const contract = live ? readContract(store.folder(live.id)) : null;
    return live && contract ? [{ release: live.id, contract }] : [];
  });
}

/**
 * Refuses (throws, with every reason) a host build that no longer provides a name a live
 * remote release uses: the remote would break on the next page load.
 */
export function checkHostBuild(buildDir: string, releasesDir: string): void {
  const contract = readContract(buildDir);
  const problems = contract
    ? hostDropsProblems(contract, liveRemoteContracts(releasesDir))
    : [`this build has no ${CONTRACT_FILE}, so what it provides to the remotes is unknown`];
  if (problems.length) {
    throw new Error(`Refused: this build of the host would break live remotes, so it was not released:\n- ${problems.join('\n- ')}`);
  }
}
