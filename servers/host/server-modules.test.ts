import http from 'node:http';
import { evaluateServerModule, ServerModuleCache } from './server-modules';
import { closeServer, listenLocal } from '../../testing/node/listen';

/** A remote's release as the host's server sees it: files, some of them slow to come. */
async function serve(files: Record<string, { body: string; delayMs?: number }>): Promise<{ url: string; asked: string[]; close: () => Promise<void> }> {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/javascript' }).end(file.body), file.delayMs ?? 0);
  });
  return { url: (await listenLocal(server)).url, asked, close: () => closeServer(server) };
}

const provided = { react: { version: 'the host copy' } };

describe('evaluateServerModule', () => {
  it("gives a server build the host's instances and Node's builtins, and nothing else", () => {
    const code = `const react = require('react'); const path = require('node:path');
      module.exports = { react, joined: path.posix.join('a', 'b') };`;
    expect(evaluateServerModule(code, 'screen.js', provided)).toEqual({ react: provided.react, joined: 'a/b' });
    expect(() => evaluateServerModule(`require('left-pad')`, 'screen.js', provided)).toThrow(
      "screen.js needs left-pad, which the host's server does not provide",
    );
  });
});

describe('ServerModuleCache', () => {
  it('waits at most the budget for a slow module, keeps loading it, and has it for the next page', async () => {
    const remote = await serve({ '/slow.js': { body: 'module.exports = { name: "slow" };', delayMs: 600 } });
    try {
      const cache = new ServerModuleCache(provided);
      const started = Date.now();
      expect(await cache.get(`${remote.url}/slow.js`, 150)).toBeNull();
      expect(Date.now() - started).toBeLessThan(550);
      await cache.load(`${remote.url}/slow.js`);
      expect(await cache.get(`${remote.url}/slow.js`, 150)).toEqual({ name: 'slow' });
      // A release's files never change: fetched once.
      expect(remote.asked).toEqual(['/slow.js']);
    } finally {
      await remote.close();
    }
  });

  it('answers null for a module that is missing or throws, and keeps the most recent modules only', async () => {
    const remote = await serve({
      '/a.js': { body: 'module.exports = 1;' },
      '/b.js': { body: 'module.exports = 2;' },
      '/broken.js': { body: 'throw new Error("broken")' },
    });
    try {
      const cache = new ServerModuleCache(provided, 1);
      expect(await cache.get(`${remote.url}/missing.js`, 500)).toBeNull();
      expect(await cache.get(`${remote.url}/broken.js`, 500)).toBeNull();
      expect(await cache.get(`${remote.url}/a.js`, 500)).toBe(1);
      expect(await cache.get(`${remote.url}/b.js`, 500)).toBe(2);
      expect(await cache.get(`${remote.url}/a.js`, 500)).toBe(1);
      expect(remote.asked.filter((url) => url === '/a.js')).toHaveLength(2);
    } finally {
      await remote.close();
    }
  });
});
