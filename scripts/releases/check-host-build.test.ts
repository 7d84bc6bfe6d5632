import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkHostBuild } from './check-host-build';
import { CONTRACT_FILE, type SingletonContract } from './contract';
import { ReleaseStore } from '../../servers/releases/release-store';

const ROUTER = '@carebook/shared/router';
let dir: string;

function contract(app: string, provides: string[], needs: string[]): SingletonContract {
  return { app, singletons: { [ROUTER]: { version: '1.0.0', provides: { exports: provides }, needs: { exports: needs } } } };
}

function build(name: string, content: SingletonContract | null, entry = 'main.js'): string {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, entry), '// built\n');
  if (content) fs.writeFileSync(path.join(folder, CONTRACT_FILE), JSON.stringify(content));
  return folder;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-release-'));
  const doctors = new ReleaseStore(path.join(dir, 'releases'), 'doctors');
  const first = doctors.add(build('doctors-build', contract('doctors', ['Link', 'useMatch'], ['Link', 'useMatch']), 'remoteEntry.js'));
  doctors.setLive(first.id);
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const stores = (remote: string): ReleaseStore => new ReleaseStore(path.join(dir, 'releases'), remote);

describe('checkHostBuild', () => {
  it('accepts a host build that provides what the live remotes use', async () => {
    await expect(checkHostBuild(build('host', contract('host', ['Link', 'useMatch', 'useParams'], [])), stores)).resolves.toBeUndefined();
  });

  it('refuses a host build that drops a name a live remote uses, naming it and the release', async () => {
    const live = new ReleaseStore(path.join(dir, 'releases'), 'doctors').live()?.id;
    await expect(checkHostBuild(build('host', contract('host', ['Link'], [])), stores)).rejects.toThrow(
      `Refused: this build of the host would break live remotes, so it was not released:\n- ${ROUTER}: the live doctors release ${live} uses useMatch, which this host build no longer provides`,
    );
  });

  it('refuses a host build that says nothing of what it provides', async () => {
    await expect(checkHostBuild(build('host', null), stores)).rejects.toThrow(`this build has no ${CONTRACT_FILE}`);
  });
});
