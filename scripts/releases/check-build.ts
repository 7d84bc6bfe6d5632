import fs from 'node:fs';
import path from 'node:path';
import { SCREENS } from '@carebook/shared';
import { distDir } from '../site-apps';
import { compatibilityProblems, type FederationManifest } from './compatibility';

/** The manifest of the host patients get: from HOST_URL when set, else the host's local build. */
async function hostManifest(env: NodeJS.ProcessEnv): Promise<FederationManifest> {
  if (env.HOST_URL) {
    const url = `${env.HOST_URL.replace(/\/$/, '')}/mf-manifest.json`;
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`Cannot read the host's manifest at ${url} (HTTP ${response.status}): nothing was released.`);
    return (await response.json()) as FederationManifest;
  }
  const file = path.join(distDir('host'), 'mf-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No host build to check against (${file}): build the host or set HOST_URL.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FederationManifest;
}

/** Refuses (throws, with every reason) a remote's build that would break the composed site. */
export async function checkBuild(remote: string, buildDir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, 'mf-manifest.json'), 'utf8')) as FederationManifest;
  const problems = compatibilityProblems(manifest, await hostManifest(env), SCREENS);
  if (problems.length) {
    throw new Error(`Refused: this build of ${remote} would break the site, so it was not released:\n- ${problems.join('\n- ')}`);
  }
}
