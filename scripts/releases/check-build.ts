import fs from 'node:fs';
import path from 'node:path';
import { SCREENS } from '@carebook/shared';
import { distDir } from '../../servers/apps/site-apps';
import { compatibilityProblems, type FederationManifest } from './compatibility';
import { CONTRACT_FILE, readContract, remoteNeedsProblems, type SingletonContract } from './contract';

/** One file of the host patients get: from HOST_URL when set, else the host's local build. */
async function hostFile<T>(file: string, env: NodeJS.ProcessEnv): Promise<T> {
  if (env.HOST_URL) {
    const url = `${env.HOST_URL.replace(/\/$/, '')}/${file}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`Cannot read the host's ${file} at ${url} (HTTP ${response.status}): nothing was released.`);
    return (await response.json()) as T;
  }
  const local = path.join(distDir('host'), file);
  if (!fs.existsSync(local)) throw new Error(`No host build to check against (${local}): build the host or set HOST_URL.`);
  return JSON.parse(fs.readFileSync(local, 'utf8')) as T;
}

/** Refuses (throws, with every reason) a remote's build that would break the composed site. */
export async function checkBuild(remote: string, buildDir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, 'mf-manifest.json'), 'utf8')) as FederationManifest;
  const problems = compatibilityProblems(manifest, await hostFile<FederationManifest>('mf-manifest.json', env), SCREENS);
  const contract = readContract(buildDir);
  if (!contract) problems.push(`this build has no ${CONTRACT_FILE}, so what it needs from the host's singletons is unknown`);
  else problems.push(...remoteNeedsProblems(contract, await hostFile<SingletonContract>(CONTRACT_FILE, env)));
  if (problems.length) {
    throw new Error(`Refused: this build of ${remote} would break the site, so it was not released:\n- ${problems.join('\n- ')}`);
  }
}
