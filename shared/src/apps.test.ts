import fs from 'node:fs';
import path from 'node:path';
import { APPS, REMOTES, SITE_APPS, appNamed } from './apps';
import { SCREENS } from './domain/routes';

const ROOT = path.resolve(__dirname, '..', '..');

describe('the app list', () => {
  it('names each app once, on its own port, in a folder with a package.json', () => {
    expect(new Set(APPS.map((app) => app.name)).size).toBe(APPS.length);
    expect(new Set(APPS.map((app) => app.port)).size).toBe(APPS.length);
    for (const app of APPS) expect(fs.existsSync(path.join(ROOT, app.dir, 'package.json'))).toBe(true);
  });

  it('has one host, and the site is the host and the remotes', () => {
    expect(APPS.filter((app) => app.kind === 'host')).toHaveLength(1);
    expect(SITE_APPS).toHaveLength(REMOTES.length + 1);
  });

  it.each(REMOTES.flatMap((remote) => Object.entries(remote.exposes ?? {}).map(([module, file]) => [remote.name, module, file])))(
    '%s exposes %s from a file that exists (%s)',
    (remote, _module, file) => {
      expect(fs.existsSync(path.join(ROOT, appNamed(remote).dir, file))).toBe(true);
    },
  );
});

describe('the screen table', () => {
  it.each(SCREENS.map((screen) => [screen.path, screen.remote, screen.module]))(
    '%s is served by a module that %s exposes (%s)',
    (_path, remote, module) => {
      expect(appNamed(remote).kind).toBe('remote');
      expect(Object.keys(appNamed(remote).exposes ?? {})).toContain(module);
    },
  );

  it('declares each path once', () => {
    expect(new Set(SCREENS.map((screen) => screen.path)).size).toBe(SCREENS.length);
  });
});
