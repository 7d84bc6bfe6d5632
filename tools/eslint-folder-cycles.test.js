// The folder cycle rule as the repository's lint run applies it: the real eslint.config.js on code
// placed at real paths, against the repository's folders as they are.
const path = require('node:path');
const { ESLint } = require('eslint');
const config = require('../eslint.config.js');

const ROOT = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config });

async function cycleErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((message) => message.ruleId === 'folders/folder-cycles').map((message) => message.message);
}

describe('folder cycles', () => {
  it('refuses an import that makes two folders import each other', async () => {
    // servers/releases/release-store.ts imports servers/apps/site-apps.ts.
    const code = "import { ReleaseStore } from '../releases/release-store';\nexport const store = ReleaseStore;\n";
    expect(await cycleErrors('servers/apps/site-apps.ts', code)).toEqual([
      'Folder cycle: servers/apps imports servers/releases, which imports servers/apps back (servers/releases -> servers/apps).',
    ]);
  });

  it('follows a cycle through a third folder', async () => {
    // servers/host imports servers/releases, which imports servers/apps.
    const code = "import { HostServer } from '../host/host-server';\nexport const host = HostServer;\n";
    expect(await cycleErrors('servers/apps/site-apps.ts', code)).toEqual([
      'Folder cycle: servers/apps imports servers/host, which imports servers/apps back (servers/host -> servers/releases -> servers/apps).',
    ]);
  });

  it('accepts imports that go one way, and lets tests reach across', async () => {
    const down = "import { ReleaseStore } from './releases/release-store';\nexport const store = ReleaseStore;\n";
    expect(await cycleErrors('servers/serve-app.ts', down)).toEqual([]);
    const across = "import { HostServer } from '../host/host-server';\nexport const host = HostServer;\n";
    expect(await cycleErrors('servers/apps/site-apps.test.ts', across)).toEqual([]);
  });
});
