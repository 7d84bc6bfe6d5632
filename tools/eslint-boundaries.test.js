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
    const code = "import { makeDoctor } from '../../../../../testing/src';\nexport const doctor = makeDoctor('d1');\n";
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
    expect(await boundaryErrors('testing/src/render-with-admin.tsx', code)).toEqual([
      'Import boundary: the test support imports only the shared package, not admin.',
    ]);
  });
});
