import fs from 'node:fs';
import path from 'node:path';
import { matchPath } from 'react-router';
import { SCREENS, type ClinicInfo, type Doctor } from '@carebook/shared';
import { firstViewCss } from './first-view-css';
import { escapeHtml, firstViewTitle, renderFirstView, type FirstViewData } from './views';

/** What the host serves as run-time configuration (see host/src/remotes/runtime-config.ts). */
export interface HostConfig {
  apiUrl: string;
  adminUrl: string;
  remotes: Record<string, string>;
  releases: Record<string, { id: string; builtAt: string } | null>;
}

export interface PageRendererOptions {
  /** The host's built folder (its index.html is the template). */
  root: string;
  /** This page load's configuration (each remote's live release). */
  runtimeConfig: () => Promise<HostConfig>;
  /** Where this server reaches the API (another container in docker-compose); default the public one. */
  apiInternalUrl?: string;
  now?: () => Date;
}

const DATA_TIMEOUT_MS = 600;

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DATA_TIMEOUT_MS) });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

/** `<script type="application/json">` content: safe to inline (no `</script>`, no `<!--`). */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The route's screen, matched by the same router code the host uses. */
export function screenFor(pathname: string): (typeof SCREENS)[number] | undefined {
  return SCREENS.find((screen) => matchPath(screen.path, pathname));
}

interface Manifest {
  exposes?: Array<{ name: string; assets: { js: { sync: string[] } } }>;
}
const manifests = new Map<string, Promise<Manifest | null>>();

/** Files the route's remote module needs first: its entry and the exposed module's chunks. */
async function remoteFiles(entry: string, module: string): Promise<string[]> {
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  // A release's manifest never changes: read it once per release.
  let manifest = manifests.get(base);
  if (!manifest) {
    // hostEntry.js (the host container) describes its own chunks in host-mf-manifest.json.
    const manifestFile = entry.endsWith('/hostEntry.js') ? 'host-mf-manifest.json' : 'mf-manifest.json';
    manifest = getJson<Manifest>(`${base}${manifestFile}`);
    manifests.set(base, manifest);
  }
  const exposed = (await manifest)?.exposes?.find((candidate) => candidate.name === module);
  return [entry, ...(exposed?.assets.js.sync ?? []).map((file) => `${base}${file}`)];
}

/**
 * Builds the host's HTML per request: the first view of the route (shell and main content from
 * the API's data), its styles inline, this page load's configuration and data inline (no
 * `/remotes.json` round trip, no second doctors request), and preload hints so the route's
 * remote downloads alongside the host's own code instead of after it.
 */
export function createPageRenderer(options: PageRendererOptions): (url: string) => Promise<string> {
  const template = fs.readFileSync(path.join(options.root, 'index.html'), 'utf8');
  const css = firstViewCss();
  const now = options.now ?? (() => new Date());
  return async (url) => {
    const pathname = url.split('?')[0] ?? '/';
    const config = await options.runtimeConfig();
    const api = (options.apiInternalUrl ?? config.apiUrl).replace(/\/$/, '');
    const [doctorsReply, clinicReply] = await Promise.all([
      getJson<{ doctors: Doctor[] }>(`${api}/api/v1/doctor/all-doctors`),
      getJson<{ clinic: ClinicInfo }>(`${api}/api/v1/clinic`),
    ]);
    const data: FirstViewData = { doctors: doctorsReply?.doctors ?? null, clinic: clinicReply?.clinic ?? null };
    const screen = screenFor(pathname);
    const entry = screen ? config.remotes[screen.remote] : undefined;
    const preloads = entry && screen ? await remoteFiles(entry, screen.module) : [];
    const head = [
      `<style>${css}</style>`,
      ...preloads.map((href) => `<link rel="preload" as="script" href="${href}">`),
      `<link rel="preconnect" href="${new URL(config.apiUrl).origin}">`,
      `<script id="carebook-config" type="application/json">${inlineJson(config)}</script>`,
      `<script id="carebook-data" type="application/json">${inlineJson(data)}</script>`,
    ].join('\n');
    const body = renderFirstView({ path: pathname, adminUrl: config.adminUrl, data, now: now() });
    const title = firstViewTitle(pathname, data);
    return (title ? template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`) : template)
      .replace('</head>', () => `${head}\n</head>`)
      // The built index.html is minified: `<div id=root></div>`.
      .replace(/<div id="?root"?><\/div>/, () => `<div id="root">${body}</div>`);
  };
}
