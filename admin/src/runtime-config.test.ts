import { loadAdminConfig } from './runtime-config';

// jsdom has no fetch Response: a reply is what loadAdminConfig reads of one.
function reply(status: number, body: string): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => JSON.parse(body) as unknown } as Response;
}

describe('the admin app run-time configuration', () => {
  const built = process.env.API_URL;
  beforeAll(() => {
    process.env.API_URL = 'http://built.example:4000';
  });
  afterAll(() => {
    process.env.API_URL = built;
  });

  it('takes the API address its server serves at /config.json', async () => {
    const fetchImpl = jest.fn(async () => reply(200, JSON.stringify({ apiUrl: 'http://api.clinic.example' })));
    await expect(loadAdminConfig(fetchImpl)).resolves.toEqual({ apiUrl: 'http://api.clinic.example' });
    expect(fetchImpl).toHaveBeenCalledWith('/config.json', { cache: 'no-cache' });
  });

  it.each([
    ['a missing file', async () => reply(404, 'Not found')],
    ['a broken file', async () => reply(200, '{')],
    ['a file without apiUrl', async () => reply(200, '{"apiUrl":""}')],
    ['no server', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to the build-time address on %s', async (_case, reply) => {
    await expect(loadAdminConfig(jest.fn(reply))).resolves.toEqual({ apiUrl: 'http://built.example:4000' });
  });
});
