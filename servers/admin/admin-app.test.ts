import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminPortOf, createAdminServer } from './admin-app';

describe('the admin app server', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-admin-dist-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>admin</title>');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('serves /config.json with the API address, uncached, and the page for deep links', async () => {
    const server = await createAdminServer({ apiUrl: 'http://api.example:4000', root });
    const origin = await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const config = await fetch(`${origin}/config.json`);
      expect(config.status).toBe(200);
      expect(config.headers.get('cache-control')).toBe('no-cache');
      expect(await config.json()).toEqual({ apiUrl: 'http://api.example:4000' });
      const deepLink = await fetch(`${origin}/appointments?status=upcoming`);
      expect(deepLink.status).toBe(200);
      expect(await deepLink.text()).toContain('<title>admin</title>');
    } finally {
      await server.close();
    }
  });

  it('listens on the port ADMIN_URL names, else 5174', () => {
    expect(adminPortOf('http://localhost:5174')).toBe(5174);
    expect(adminPortOf('http://localhost:6200/')).toBe(6200);
    expect(adminPortOf('https://admin.clinic.example')).toBe(5174);
    expect(adminPortOf('not a url')).toBe(5174);
  });
});
