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

  // The cycles cut in admin/src, api/src and shared/src stay cut: putting one of the old imports
  // back is refused there too.
  it.each([
    [
      'admin/src/features/login/x.tsx',
      "import { App } from '../../app';\nexport const app = App;\n",
      'Folder cycle: admin/src/features/login imports admin/src, which imports admin/src/features/login back (admin/src -> admin/src/features/login).',
    ],
    [
      'api/src/repositories/x.ts',
      "import type { AppointmentFacts } from '../lib/mail-templates';\nexport type F = AppointmentFacts;\n",
      'Folder cycle: api/src/repositories imports api/src/lib, which imports api/src/repositories back (api/src/lib -> api/src/repositories).',
    ],
    [
      'api/src/lib/x.ts',
      "import type { AuditFilter } from '../services/audit';\nexport type F = AuditFilter;\n",
      'Folder cycle: api/src/lib imports api/src/services, which imports api/src/lib back (api/src/services -> api/src/lib).',
    ],
    [
      'api/src/db/x.ts',
      "import { buildApp } from '../app';\nexport const build = buildApp;\n",
      'Folder cycle: api/src/db imports api/src, which imports api/src/db back (api/src -> api/src/db).',
    ],
    [
      'shared/src/domain/x.ts',
      "import type { Doctor } from '../types/doctor';\nexport type D = Doctor;\n",
      'Folder cycle: shared/src/domain imports shared/src/types, which imports shared/src/domain back (shared/src/types -> shared/src/contract -> shared/src/domain).',
    ],
  ])('covers admin/src, api/src and shared/src: %s', async (file, code, message) => {
    expect(await cycleErrors(file, code)).toEqual([message]);
  });

  it('accepts imports that go one way, and lets tests reach across', async () => {
    const down = "import { ReleaseStore } from './releases/release-store';\nexport const store = ReleaseStore;\n";
    expect(await cycleErrors('servers/serve-app.ts', down)).toEqual([]);
    const across = "import { HostServer } from '../host/host-server';\nexport const host = HostServer;\n";
    expect(await cycleErrors('servers/apps/site-apps.test.ts', across)).toEqual([]);
  });
});
