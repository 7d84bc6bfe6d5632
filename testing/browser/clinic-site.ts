import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

const EXAMPLES = path.join(__dirname, '..', '..', 'remotes', 'booking', 'src', 'embed', 'examples');

/** The page's own React of another version: React 18's UMD builds (the e2e workspace's `react-18` aliases). */
// Their package.json `exports` do not list `umd/`: resolve the package folder, then the file.
// The aliases are the e2e workspace's dependencies: resolved from there (npm may nest them in e2e/node_modules).
const E2E_WORKSPACE = path.join(__dirname, '..', '..', 'e2e');
const umd = (name: string, file: string): string =>
  path.join(path.dirname(require.resolve(`${name}/package.json`, { paths: [E2E_WORKSPACE] })), 'umd', file);
const VENDOR: Record<string, string> = {
  'react-18.js': umd('react-18', 'react.production.min.js'),
  'react-dom-18.js': umd('react-dom-18', 'react-dom.production.min.js'),
};

/** The README's queue stub (remotes/booking/README.md, "Calls before the loader arrives"): the same code. */
export const QUEUE_STUB = `window.CareBook = window.CareBook || { q: [] };
['inline', 'popup', 'close', 'scan'].forEach(function (name) {
  window.CareBook[name] = window.CareBook[name] || function () {
    var args = arguments;
    return new Promise(function (resolve, reject) { window.CareBook.q.push([name, args, resolve, reject]); });
  };
});`;

/** An integrator's stylesheet at its worst: element selectors, !important, inherited text styles. */
export const HOSTILE_CSS = `
  * { letter-spacing: 3px !important; }
  body { color: purple; font-family: "Comic Sans MS", cursive; font-size: 22px; line-height: 3; text-transform: uppercase; }
  button { background: red !important; color: yellow !important; font-size: 30px !important; border: 6px dashed lime !important; border-radius: 0 !important; }
  h2 { font-size: 60px !important; color: orange !important; }
  input { border: 5px solid red !important; }
  p { margin: 40px !important; }
  dialog { background: black !important; }
`;

export interface ClinicSite {
  origin: string;
  url(page: string): string;
  close(): Promise<void>;
}

export interface ClinicSiteOptions {
  port: number;
  /** Origin of the booking remote (serves /embed.js). */
  bookingOrigin: string;
  apiUrl: string;
}

/**
 * A site that is not CareBook's, on its own origin: the example pages of remotes/booking/embed
 * pointed at the test's deployment with hostile CSS added, a page under a strict Content Security
 * Policy that also carries its own "React", and a page with only the snippet.
 */
export async function startClinicSite({ port, bookingOrigin, apiUrl }: ClinicSiteOptions): Promise<ClinicSite> {
  const app: FastifyInstance = Fastify({ logger: false });
  const snippet = `<script src="${bookingOrigin}/embed.js" async></script>`;

  app.get<{ Params: { name: string } }>('/example/:name', async (request, reply) => {
    const file = path.join(EXAMPLES, path.basename(request.params.name));
    const html = fs
      .readFileSync(file, 'utf8')
      .split('http://localhost:3002')
      .join(bookingOrigin)
      .split('http://localhost:4000')
      .join(apiUrl)
      .replace('</head>', `<style>${HOSTILE_CSS}</style></head>`);
    return reply.type('text/html').send(html);
  });

  app.get('/strict.html', async (_request, reply) => {
    const nonce = 'clinic-nonce-1';
    const policy = [
      "default-src 'none'",
      `script-src 'nonce-${nonce}' ${bookingOrigin}`,
      `connect-src ${apiUrl}`,
      `img-src ${apiUrl} data:`,
      `style-src 'nonce-${nonce}'`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ');
    // The page's own "React" of another version, and a Module Federation share scope offering it:
    // the widget must use neither.
    const pageScript = `
      window.React = { version: '18.3.1', createElement: function () { throw new Error('page React used'); } };
      window.ReactDOM = { version: '18.3.1', createRoot: function () { throw new Error('page ReactDOM used'); } };
      window.__FEDERATION__ = { __SHARE__: { default: { react: { '18.3.1': { get: function () { throw new Error('page share scope used'); } } } } } };
      window.violations = [];
      document.addEventListener('securitypolicyviolation', function (e) { window.violations.push(e.violatedDirective + ' ' + e.blockedURI); });`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict clinic</title>
      <style nonce="${nonce}">${HOSTILE_CSS}</style><script nonce="${nonce}">${pageScript}</script></head>
      <body><h1>Strict clinic</h1><div data-carebook-doctor="doc01" data-carebook-api="${apiUrl}"></div>${snippet}</body></html>`;
    return reply.header('Content-Security-Policy', policy).type('text/html').send(html);
  });

  app.get<{ Params: { file: string } }>('/vendor/:file', async (request, reply) => {
    const file = VENDOR[request.params.file];
    if (!file) return reply.code(404).send();
    return reply.type('text/javascript').send(fs.readFileSync(file, 'utf8'));
  });

  // The clinic's own React 18 app (a counter) beside the widget, each with its own React.
  app.get('/react18.html', async (_request, reply) => {
    const pageApp = `
      var h = React.createElement;
      function Counter() {
        var state = React.useState(0);
        return h('button', { type: 'button', id: 'clinic-counter', onClick: function () { state[1](state[0] + 1); } }, 'Clinic counter: ' + state[0]);
      }
      ReactDOM.createRoot(document.getElementById('clinic-app')).render(h(Counter));`;
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clinic on React 18</title>
      <script src="/vendor/react-18.js"></script><script src="/vendor/react-dom-18.js"></script></head>
      <body><h1>Clinic on React 18</h1><div id="clinic-app"></div>
      <div data-carebook-doctor="doc01" data-carebook-api="${apiUrl}"></div>
      <script>${pageApp}</script>${snippet}</body></html>`);
  });

  // Code that calls CareBook before the async loader has arrived, through the README's stub.
  app.get('/queued.html', async (_request, reply) =>
    reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Queued</title></head>
      <body><h1>Queued call</h1><button type="button" id="opener">Book</button>
      <script>${QUEUE_STUB}
        window.queued = { loaderWasThere: 'inline' in window.CareBook && !('q' in window.CareBook), result: 'pending' };
        window.CareBook.popup({ docId: 'doc01', apiUrl: '${apiUrl}', trigger: document.getElementById('opener') })
          .then(function () { window.queued.result = 'opened'; }, function (error) { window.queued.result = 'failed: ' + error; });
      </script>${snippet}</body></html>`),
  );

  // The session kept in the tab's sessionStorage (data-carebook-persist="session").
  app.get('/persist.html', async (_request, reply) =>
    reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Persist</title></head>
      <body><h1>Persisted session</h1><div data-carebook-doctor="doc01" data-carebook-api="${apiUrl}" data-carebook-persist="session"></div>${snippet}</body></html>`),
  );

  app.get('/plain.html', async (_request, reply) =>
    reply.type('text/html').send(`<!doctype html><html lang="en"><head><title>No widget</title></head><body><p>Nothing to book here.</p>${snippet}</body></html>`),
  );

  await app.listen({ host: '127.0.0.1', port });
  const origin = `http://127.0.0.1:${port}`;
  return { origin, url: (page) => `${origin}/${page}`, close: () => app.close() };
}
