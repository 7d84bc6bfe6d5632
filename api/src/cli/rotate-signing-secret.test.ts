import { get, post } from '../../../testing/api/http';
import { Instances, openApi, runCli } from '../../../testing/api/maintenance';
import { DRIVERS } from '../../../testing/api/test-app';

jest.setTimeout(240_000);

const instances = new Instances();
afterAll(() => instances.cleanUp());

describe.each(DRIVERS)('rotating the signing secret on %s', (driver) => {
  it('refuses while the API runs, then ends every token issued before; logging in again works', async () => {
    const storage = await instances.fresh(driver);
    const account = { email: `rotate-${driver}@example.com`, password: 'secret1' };
    let api = await openApi(storage);
    const registered = await post<{ token: string }>(api.app, '/api/v1/user/register', { name: 'Rotating Patient', ...account });
    expect(registered.status).toBe(201);
    const oldToken = registered.body.token;

    const refused = await runCli('cli/rotate-signing-secret', [], storage);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/in use by (the |a )running API.*stop .*API.*Nothing was changed\./s);
    expect((await get(api.app, '/api/v1/user/get-profile', oldToken)).status).toBe(200);
    await api.close();

    const rotated = await runCli('cli/rotate-signing-secret', [], storage);
    expect(rotated).toMatchObject({ code: 0, stderr: '' });
    expect(rotated.stdout).toMatch(/signing secret of .* was replaced/);

    api = await openApi(storage);
    try {
      expect((await get(api.app, '/api/v1/user/get-profile', oldToken)).status).toBe(401);
      const again = await post<{ token: string }>(api.app, '/api/v1/user/login', account);
      expect(again.status).toBe(200);
      expect((await get(api.app, '/api/v1/user/get-profile', again.body.token)).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

describe('rotating the signing secret', () => {
  it('refuses when JWT_SECRET is set (that secret is the one to change) or when there is no database yet', async () => {
    const storage = await instances.fresh('pglite');
    const withEnv = await runCli('cli/rotate-signing-secret', [], storage, { JWT_SECRET: 'a-secret-of-at-least-32-characters!!' });
    expect(withEnv.code).toBe(1);
    expect(withEnv.stderr).toMatch(/JWT_SECRET is set.*set a new JWT_SECRET/s);
    const empty = await runCli('cli/rotate-signing-secret', [], storage);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/There is no embedded database in .* yet/);
  });
});
