import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

const EXAMPLES = path.join(__dirname, '..', '..', 'remotes', 'booking', 'embed');

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

  app.get('/plain.html', async (_request, reply) =>
    reply.type('text/html').send(`<!doctype html><html lang="en"><head><title>No widget</title></head><body><p>Nothing to book here.</p>${snippet}</body></html>`),
  );

  await app.listen({ host: '127.0.0.1', port });
  const origin = `http://127.0.0.1:${port}`;
  return { origin, url: (page) => `${origin}/${page}`, close: () => app.close() };
}
