import { SITE_APPS } from '../../servers/apps/site-apps';
import type { ReleaseStoreContract } from '../../servers/releases/release-store';
import { CONTRACT_FILE, hostDropsProblems, readContract, type SingletonContract } from './contract';

/** Opens a remote's release store (the filesystem's or PostgreSQL's: `openReleaseStore`). */
export type OpenReleaseStore = (remote: string) => ReleaseStoreContract;

/** The contracts of the remotes' live releases (a release made before contracts has none to check). */
export async function liveRemoteContracts(open: OpenReleaseStore): Promise<Array<{ release: string; contract: SingletonContract }>> {
  const found: Array<{ release: string; contract: SingletonContract }> = [];
  for (const app of SITE_APPS.filter((candidate) => candidate.kind === 'remote')) {
    const store = open(app.name);
    try {
      const live = await store.live();
      const bytes = live ? await store.file(live.id, CONTRACT_FILE) : null;
      if (live && bytes) found.push({ release: live.id, contract: JSON.parse(bytes.toString('utf8')) as SingletonContract });
    } finally {
      await store.close();
    }
  }
  return found;
}

/**
 * Refuses (throws, with every reason) a host build that no longer provides a name a live
 * remote release uses: the remote would break on the next page load.
 */
export async function checkHostBuild(buildDir: string, open: OpenReleaseStore): Promise<void> {
  const contract = readContract(buildDir);
  const problems = contract
    ? hostDropsProblems(contract, await liveRemoteContracts(open))
    : [`this build has no ${CONTRACT_FILE}, so what it provides to the remotes is unknown`];
  if (problems.length) {
    throw new Error(`Refused: this build of the host would break live remotes, so it was not released:\n- ${problems.join('\n- ')}`);
  }
}
