import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { SCREENS, type ClinicInfo, type Doctor } from '@carebook/shared';
import type { RemoteAddress } from '../releases/live-remotes';
import { FreshJson } from './fresh-json';
import { evaluateServerModule, ServerModuleCache } from './server-modules';

/** What the host serves as run-time configuration (see host/src/remotes/runtime-config.ts). */
export interface HostConfig {
  apiUrl: string;
  adminUrl: string;
  remotes: Record<string, string>;
  releases: Record<string, { id: string; builtAt: string } | null>;
}

interface InitialData {
  doctors: Doctor[] | null;
  clinic: ClinicInfo | null;
}

/** The host's server build (host/src/server/render.tsx). */
interface HostServerBuild {
  provided: Readonly<Record<string, unknown>>;
  renderPage(request: {
    url: string;
    config: HostConfig;
    initialData: InitialData | null;
    screens: Readonly<Record<string, ComponentType>>;
  }): Promise<{ html: string; title: string; leftToBrowser: string[] }>;
}

export interface PageRendererOptions {
  /** The host's built folder: its index.html is the template, server/render.js the renderer. */
  root: string;
  /** This page load's configuration (each remote's live release). */
  runtimeConfig: () => Promise<HostConfig>;
  /** Where this server reaches each remote (another container's name in docker-compose). */
  remoteAddresses?: readonly RemoteAddress[];
  /** Where this server reaches the API (another container in docker-compose); default the public one. */
  apiInternalUrl?: string;
  /** How long a page waits for a remote's server build before sending that region's skeleton. */
  regionBudgetMs?: number;
}

export interface RenderedHtml {
  status: number;
  html: string;
  /** The same page gzipped (level 6), made once per cached page. */
  gzip: Buffer;
}

const REGION_BUDGET_MS = 150;
/** Pages kept (the most recently used); any URL can be asked for, so the cache is bounded. */
const CACHED_PAGES = 500;
/** Cached pages are rendered again each minute at least: "Next: 10:30" moves with the clock. */
const CLOCK_STEP_MS = 60_000;

/** `<script type="application/json">` content: safe to inline (no `</script>`, no `<!--`). */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The route's screen, matched by the same router code the host uses. */
export function screenFor(pathname: string): (typeof SCREENS)[number] | undefined {
  return SCREENS.find((screen) => matchPath(screen.path, pathname));
}

/** Paths the shell answers without a 404 (a screen, or a redirect the browser follows). */
function isKnownPath(pathname: string): boolean {
  return Boolean(screenFor(pathname)) || pathname === '/appointments';
}

interface Manifest {
  exposes?: Array<{ name: string; assets: { js: { sync: string[] }; css: { sync: string[]; async: string[] } } }>;
}

/**
 * Renders the host's pages on the server with the same React components the browser hydrates:
 * the host's shell from its own server build, the route's screen from the server build in its
 * remote's live release (so a release changes the HTML on the next load, and a rollback restores
 * it), the screen's styles from that release, this load's configuration and data inline (no
 * `/remotes.json` round trip, no second doctors request), and preload hints for the screen's code.
 */
export function createPageRenderer(options: PageRendererOptions): (url: string) => Promise<RenderedHtml> {
  const template = fs.readFileSync(path.join(options.root, 'index.html'), 'utf8');
  const hostFile = path.join(options.root, 'server', 'render.js');
  const host = evaluateServerModule(fs.readFileSync(hostFile, 'utf8'), hostFile, {}) as HostServerBuild;
  const modules = new ServerModuleCache(host.provided);
  const budget = options.regionBudgetMs ?? REGION_BUDGET_MS;
  const pages = new Map<string, RenderedHtml>();
  const feeds = new Map<string, { doctors: FreshJson<{ doctors: Doctor[] }>; clinic: FreshJson<{ clinic: ClinicInfo }> }>();
  const feedsOf = (api: string) => {
    let feed = feeds.get(api);
    if (!feed) {
      feed = { doctors: new FreshJson(`${api}/api/v1/doctor/all-doctors`), clinic: new FreshJson(`${api}/api/v1/clinic`) };
      feeds.set(api, feed);
    }
    return feed;
  };
  const internal = (url: string): string => {
    const address = options.remoteAddresses?.find((candidate) => url.startsWith(`${candidate.publicOrigin}/`));
    return address ? `${address.internalOrigin}${url.slice(address.publicOrigin.length)}` : url;
  };

  return async (url) => {
    const pathname = url.split('?')[0] ?? '/';
    const config = await options.runtimeConfig();
    const feed = feedsOf((options.apiInternalUrl ?? config.apiUrl).replace(/\/$/, ''));
    const [doctors, clinic] = await Promise.all([feed.doctors.get(), feed.clinic.get()]);
    // Everything the page shows depends on: releases, data versions, the clock's minute.
    const key = JSON.stringify([url, config, doctors.version, clinic.version, Math.floor(Date.now() / CLOCK_STEP_MS)]);
    const cached = pages.get(key);
    if (cached) {
      pages.delete(key);
      pages.set(key, cached);
      return cached;
    }

    const screen = screenFor(pathname);
    const id = screen ? `${screen.remote}/${screen.module}` : null;
    const entry = screen ? config.remotes[screen.remote] : undefined;
    // Only a remote whose live release is known is asked: one that is down costs its region only.
    const base = entry && screen && config.releases[screen.remote] ? entry.slice(0, entry.lastIndexOf('/') + 1) : null;
    const manifestFile = entry?.endsWith('/hostEntry.js') ? 'host-mf-manifest.json' : 'mf-manifest.json';
    const [screenModule, manifest] = await Promise.all([
      base && screen ? modules.get(internal(`${base}server/${screen.module}.js`), budget) : null,
      base ? (modules.load(internal(`${base}${manifestFile}`)).catch(() => null) as Promise<Manifest | null>) : null,
    ]);
    const data: InitialData = { doctors: doctors.value?.doctors ?? null, clinic: clinic.value?.clinic ?? null };
    const component = (screenModule as { default?: ComponentType } | null)?.default;
    const rendered = await host.renderPage({
      url,
      config,
      initialData: data,
      screens: id && component ? { [id]: component } : {},
    });
    const exposed = manifest?.exposes?.find((candidate) => candidate.name === screen?.module);
    const styles = component && exposed && base ? [...exposed.assets.css.sync, ...exposed.assets.css.async].map((file) => `${base}${file}`) : [];
    const scripts = entry ? [entry, ...(exposed?.assets.js.sync ?? []).map((file) => `${base}${file}`)] : [];
    const head = [
      ...styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
      ...scripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
      `<link rel="preconnect" href="${escapeHtml(new URL(config.apiUrl).origin)}">`,
      `<script id="carebook-config" type="application/json">${inlineJson(config)}</script>`,
      `<script id="carebook-data" type="application/json">${inlineJson(data)}</script>`,
    ].join('\n');
    const html = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
      .replace('</head>', () => `${head}\n</head>`)
      // The built index.html is minified: `<div id=root></div>`.
      .replace(/<div id="?root"?><\/div>/, () => `<div id="root">${rendered.html}</div>`);
    const page: RenderedHtml = { status: isKnownPath(pathname) ? 200 : 404, html, gzip: zlib.gzipSync(html, { level: 6 }) };
    // A page missing a region, or without the API's data, is rendered again next time.
    if (!rendered.leftToBrowser.length && doctors.value && clinic.value) {
      pages.set(key, page);
      while (pages.size > CACHED_PAGES) pages.delete(pages.keys().next().value as string);
    }
    return page;
  };
}
