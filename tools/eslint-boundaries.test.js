// The boundary rule as the repository's lint run applies it: the real eslint.config.js on code
// placed at real paths (files need not exist; the rule checks resolved paths).
const path = require('node:path');
const { ESLint } = require('eslint');
const config = require('../eslint.config.js');

const ROOT = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config });

/** The boundary messages eslint reports for `code` saved as `file`. */
async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((message) => message.ruleId === 'carebook/boundaries').map((message) => message.message);
}

const USE_TESTING = "import { makeDoctor } from '@carebook/testing';\nexport const doctor = makeDoctor('d1');\n";

describe('test support boundaries', () => {
  it.each([
    'remotes/booking/src/features/doctor-page/doctor-page.test.tsx',
    'host/src/layout/navbar.test.tsx',
    'admin/src/session/render-with-admin.test-utils.tsx',
  ])('lets test code in %s import @carebook/testing', async (file) => {
    expect(await boundaryErrors(file, USE_TESTING)).toEqual([]);
  });

  it.each([
    'remotes/booking/src/features/doctor-page/doctor-page.tsx',
    'host/src/app.tsx',
    'admin/src/app.tsx',
    'remotes/doctors/src/lib/filter-doctors.ts',
  ])('refuses @carebook/testing in production code (%s)', async (file) => {
    expect(await boundaryErrors(file, USE_TESTING)).toEqual([
      'Import boundary: only test code (*.test.ts(x), *.test-utils.ts(x)) may import @carebook/testing.',
    ]);
  });

  it('refuses a relative climb into testing/, in tests too', async () => {
    const code = "import { makeDoctor } from '../../../../../testing/react';\nexport const doctor = makeDoctor('d1');\n";
    expect(await boundaryErrors('remotes/doctors/src/features/home/home-page.test.tsx', code)).toEqual([
      'Import boundary: reach the test support by its alias, @carebook/testing.',
    ]);
  });

  it("keeps it to the front ends: the API's tests have their own support", async () => {
    expect(await boundaryErrors('api/src/routes/doctors.test.ts', USE_TESTING)).toEqual([
      "Import boundary: @carebook/testing is the front ends' test support; api has its own.",
    ]);
  });

  it("refuses an app's test helper in production code", async () => {
    const code = "import { renderWithAdmin } from './render-with-admin.test-utils';\nexport const render = renderWithAdmin;\n";
    expect(await boundaryErrors('admin/src/session/require-admin.tsx', code)).toEqual([
      'Import boundary: production code may not import a test helper.',
    ]);
  });

  it('keeps the test support free of app code', async () => {
    const code = "import { AdminSessionContext } from '../../admin/src/session/admin-session';\nexport const context = AdminSessionContext;\n";
    expect(await boundaryErrors('testing/react/render-with-admin.tsx', code)).toEqual([
      'Import boundary: the test support imports only the shared package, not admin.',
    ]);
  });
});

describe('the router and toast facades', () => {
  it.each([
    ['remotes/doctors/src/features/home/hero.tsx', "import { Link } from 'react-router-dom';\nexport const L = Link;\n", '@carebook/shared/router', 'react-router-dom'],
    ['host/src/layout/navbar.tsx', "import { NavLink } from 'react-router';\nexport const L = NavLink;\n", '@carebook/shared/router', 'react-router'],
    ['admin/src/app.tsx', "import { toast } from 'react-toastify';\nexport const t = toast;\n", '@carebook/shared/toasts', 'react-toastify'],
    ['remotes/booking/src/features/booking/use-book-slot.test.tsx', "import { toast } from 'react-toastify';\nexport const t = toast;\n", '@carebook/shared/toasts', 'react-toastify'],
    ['shared/src/react/app-provider.tsx', "import { toast } from 'react-toastify';\nexport const t = toast;\n", '@carebook/shared/toasts', 'react-toastify'],
    ['testing/react/render-at-route.tsx', "import { MemoryRouter } from 'react-router-dom';\nexport const R = MemoryRouter;\n", '@carebook/shared/router', 'react-router-dom'],
  ])('refuses the library name in %s', async (file, code, facade, library) => {
    expect(await boundaryErrors(file, code)).toEqual([
      `Import boundary: import ${facade}, not ${library} (the page's one instance; add a name to the facade first if it lacks one).`,
    ]);
  });

  it('lets the facades themselves, style sheets and the API or scripts use the libraries', async () => {
    expect(await boundaryErrors('shared/src/react/router.ts', "export { Link } from 'react-router';\n")).toEqual([]);
    expect(await boundaryErrors('shared/src/react/toasts.tsx', "import type * as T from 'react-toastify/unstyled';\nexport type X = typeof T;\n")).toEqual([]);
    expect(await boundaryErrors('remotes/pages/src/standalone.tsx', "import 'react-toastify/dist/ReactToastify.css';\n")).toEqual([]);
    expect(await boundaryErrors('scripts/site-server.ts', "import { matchPath } from 'react-router';\nexport const m = matchPath;\n")).toEqual([]);
    expect(await boundaryErrors('host/src/server/render.tsx', "import { matchPath } from 'react-router';\nexport const m = matchPath;\n")).toEqual([]);
  });

  it('accepts the facades by their names', async () => {
    const code = "import { Link } from '@carebook/shared/router';\nimport { toast } from '@carebook/shared/toasts';\nexport const x = [Link, toast];\n";
    expect(await boundaryErrors('remotes/doctors/src/features/home/hero.tsx', code)).toEqual([]);
  });
});

describe('the Node test support (testing/node)', () => {
  /** `file` importing freePort by its relative path. */
  const usePort = (file) => {
    const up = '../'.repeat(file.split('/').length - 1);
    return `import { freePort } from '${up}testing/node/free-port';\nexport const port = freePort;\n`;
  };

  it.each(['servers/host/fresh-json.test.ts', 'testing/api/spawn-api.ts', 'testing/browser/stack.ts', 'api/bench/run.ts', 'e2e/bench/first-view.ts'])(
    'lets tests and their support in %s use it',
    async (file) => {
      expect(await boundaryErrors(file, usePort(file))).toEqual([]);
    },
  );

  it.each(['servers/host/host-server.ts', 'scripts/start.ts'])('keeps it out of production code and commands (%s)', async (file) => {
    expect(await boundaryErrors(file, usePort(file))).toEqual([
      'Import boundary: only tests, benchmarks and their support may import the Node test support (testing/node).',
    ]);
  });

  it.each([
    ['api/src/server.ts', '../../testing/api/test-app', 'testing/api'],
    ['scripts/start.ts', '../testing/browser/stack', 'testing/browser'],
  ])('keeps the API and browser test support out of production code too (%s)', async (file, source, room) => {
    expect(await boundaryErrors(file, `import { x } from '${source}';\nexport const y = x;\n`)).toEqual([
      `Import boundary: only tests, benchmarks and their support may import the Node test support (${room}).`,
    ]);
  });
});

describe('the singletons inside the shared package', () => {
  it('refuses a relative import of a singleton from shared code that each app bundles', async () => {
    const code = "import { useApp } from '../use-app';\nexport const u = useApp;\n";
    expect(await boundaryErrors('shared/src/react/forms/text-field.tsx', code)).toEqual([
      "Import boundary: import @carebook/shared/react by name: a relative import would bundle a second copy of the page's singleton.",
    ]);
    expect(await boundaryErrors('shared/src/react/standalone-root.tsx', "import { toast } from './toasts';\nexport const t = toast;\n")).toEqual([
      "Import boundary: import @carebook/shared/toasts by name: a relative import would bundle a second copy of the page's singleton.",
    ]);
  });

  it('lets the singletons import their own parts, and types come from anywhere', async () => {
    expect(await boundaryErrors('shared/src/react/app-provider.tsx', "import { AppContext } from './app-context';\nexport const c = AppContext;\n")).toEqual([]);
    expect(await boundaryErrors('shared/src/react/web.ts', "import type { AppContextValue } from './app-context';\nexport type V = AppContextValue;\n")).toEqual([]);
  });
});

describe('the cross-app boundaries (import-x/no-restricted-paths zones in eslint.config.js)', () => {
  /** The zone messages eslint reports for `code` saved as `file`. */
  async function zoneErrors(file, code) {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
  }
  const importing = (source) => `import { x } from '${source}';\nexport const y = x;\n`;

  it.each([
    ['remotes/booking/src/features/x.tsx', '../../../doctors/src/lib/filter-doctors', 'a remote imports only the shared package and its own folder, not remote:doctors'],
    ['remotes/booking/src/features/x.tsx', '../../../../host/src/app', 'a remote imports only the shared package and its own folder, not host'],
    ['remotes/pages/src/x.tsx', '../../../api/src/app', 'a remote imports only the shared package and its own folder, not api'],
    ['admin/src/x.tsx', '../../remotes/doctors/src/lib/filter-doctors', 'the admin app imports only the shared package and its own folder, not remote:doctors'],
    ['admin/src/x.tsx', '../../host/src/app', 'the admin app imports only the shared package and its own folder, not host'],
    ['host/src/x.tsx', '../../remotes/doctors/src/lib/filter-doctors', 'the host reaches remotes only through Module Federation'],
    ['api/src/x.ts', '../../host/src/app', 'the API must not import site code'],
    ['api/src/x.ts', '../../remotes/booking/src/mount', 'the API must not import site code'],
  ])('refuses %s importing %s by path', async (file, source, why) => {
    expect(await zoneErrors(file, importing(source))).toEqual([`Unexpected path "${source}" imported in restricted zone. Import boundary: ${why}.`]);
  });

  it('lets an app import the shared package, npm packages and its own folder', async () => {
    expect(await zoneErrors('remotes/booking/src/features/x.tsx', importing('@carebook/shared'))).toEqual([]);
    expect(await zoneErrors('remotes/booking/src/features/x.tsx', importing('react'))).toEqual([]);
    expect(await zoneErrors('remotes/booking/src/features/x.tsx', importing('../../../../shared/src/index'))).toEqual([]);
    expect(await zoneErrors('admin/src/app.tsx', importing('./session/admin-session'))).toEqual([]);
  });

  it('keeps refusing other apps by package name (tools/eslint-boundaries.js)', async () => {
    expect(await boundaryErrors('remotes/booking/src/x.tsx', importing('@carebook/doctors'))).toEqual(['Import boundary: a remote may not import @carebook/doctors.']);
    expect(await boundaryErrors('host/src/x.tsx', importing('@carebook/pages'))).toEqual(['Import boundary: the host reaches remotes only through Module Federation.']);
    expect(await boundaryErrors('admin/src/x.tsx', importing('@carebook/host'))).toEqual(['Import boundary: the admin app may not import @carebook/host.']);
  });
});
