import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ComponentType } from 'react';
import { matchPath } from '@carebook/shared/router';
import { SCREENS, type ClinicInfo, type Doctor, type Screen } from '@carebook/shared';
import type { InitialData } from '@carebook/shared/react';
import type { LiveRemotes, RemoteAddress } from '../../scripts/releases/live-remotes';
import { FreshJson } from './fresh-json';
import { ImmutableFileCache } from './immutable-file-cache';
import { evaluateServerModule, ServerModuleCache, withinBudget } from './server-modules';

/** What the host serves as run-time configuration (see host/src/remotes/runtime-config.ts). */
export interface HostConfig extends LiveRemotes {
  apiUrl: string;
  adminUrl: string;
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
  /**
   * This page load's configuration (each remote's live release): the same object while it is the
   * same, never changed in place (a new one when a release changes).
   */
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

/**
 * A stylesheet in the page. `data-href` is the address webpack's style loader would load it from,
 * so the app does not load it again when the code that needs it arrives.
 */
function inlineStyle(href: string, css: string): string {
  return `<style data-href="${escapeHtml(href)}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/** hostEntry.js (the container for the host) describes its chunks in host-mf-manifest.json. */
function manifestFileOf(entry: string | undefined): string {
  return entry?.endsWith('/hostEntry.js') ? 'host-mf-manifest.json' : 'mf-manifest.json';
}

/** The route's screen, matched by the same router code the host uses. */
function screenFor(pathname: string): Screen | undefined {
  return SCREENS.find((screen) => matchPath(screen.path, pathname));
}

/** An exposed module in a release's federation manifest (`mf-manifest.json`). */
interface ExposedModule {
  name: string;
  assets: { js: { sync: string[] }; css: { sync: string[]; async: string[] } };
}

interface Manifest {
  exposes?: ExposedModule[];
}

/**
 * Renders the host's pages on the server with the same React components the browser hydrates:
 * the host's shell from its own server build, the route's screen from the server build in its
 * remote's live release (so a release changes the HTML on the next load, and a rollback restores
 * it), the screen's styles from that release, this load's configuration and data inline (no
 * `/remotes.json` round trip, no second doctors request), and preload hints for the screen's code.
 */
export interface PageRenderer {
  (url: string): Promise<RenderedHtml>;
  /** Loads every screen of the live releases and the API's data now (at start), so no first page waits for them. */
  warm(): Promise<void>;
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const template = fs.readFileSync(path.join(options.root, 'index.html'), 'utf8');
  const hostFile = path.join(options.root, 'server', 'render.js');
  const host = evaluateServerModule(fs.readFileSync(hostFile, 'utf8'), hostFile, {}) as HostServerBuild;
  const modules = new ServerModuleCache(host.provided);
  // The shell's own styles (the host's `shell` chunk), inline: the page is styled with no request
  // more (at 400 ms a round trip, a linked stylesheet held the first paint back by a second).
  // `data-href` is the name webpack's style loader looks for, so it does not load them again.
  const shellStyles = fs
    .readdirSync(options.root)
    .filter((file) => /^shell\.[0-9a-f]+\.css$/.test(file))
    .map((file) => inlineStyle(file, fs.readFileSync(path.join(options.root, file), 'utf8')));
  // Styles the host loads itself when needed (the toasts' own, with the first toast): a remote's
  // build carries a copy with the same content hash, which a page need not download.
  const hostLazyStyles = new Set(
    fs.readdirSync(options.root).flatMap((file) => /^(?!shell\.)[^.]+\.([0-9a-f]{8})\.css$/.exec(file)?.slice(1, 2) ?? []),
  );
  const contentHashOf = (file: string): string => /\.([0-9a-f]{8})\.css$/.exec(file)?.[1] ?? file;
  const budget = options.regionBudgetMs ?? REGION_BUDGET_MS;
  const pages = new Map<string, RenderedHtml>();
  const feeds = new Map<string, { doctors: FreshJson<{ doctors: Doctor[] }>; clinic: FreshJson<{ clinic: ClinicInfo }> }>();
  const feedOf = (config: HostConfig) => {
    const api = (options.apiInternalUrl ?? config.apiUrl).replace(/\/$/, '');
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

  // A release's files never change: each is read once (a failed read is tried again at once).
  const releaseFileLimits = { timeoutMs: 2000, failureKeptMs: 0 };
  const manifests = new ImmutableFileCache((response) => response.json() as Promise<Manifest>, { ...releaseFileLimits, maxEntries: 64 });
  const styleTexts = new ImmutableFileCache((response) => response.text(), { ...releaseFileLimits, maxEntries: 256 });
  const manifestOf = (url: string): Promise<Manifest | null> => manifests.load(url).catch(() => null);
  const exposedIn = (manifest: Manifest | null, module: string): ExposedModule | undefined =>
    manifest?.exposes?.find((candidate) => candidate.name === module);
  /** The screen's stylesheets in its release, including those of parts it loads later (rendered here already). */
  const styleFilesOf = (exposed: ExposedModule | undefined): string[] => {
    if (!exposed) return [];
    return [...exposed.assets.css.sync, ...exposed.assets.css.async.filter((file) => !hostLazyStyles.has(contentHashOf(file)))];
  };
  /** The screen's stylesheets, read from its release (null until every one of them is). */
  const screenStyles = async (base: string, files: string[]): Promise<string[] | null> => {
    const texts = await Promise.all(files.map((file) => styleTexts.load(internal(`${base}${file}`)).catch(() => null)));
    return texts.every((text) => text !== null) ? texts.map((text, index) => inlineStyle(`${base}${files[index]}`, text)) : null;
  };

  /**
   * Where a screen's files are in its remote's live release: `base` the release's folder as
   * browsers address it, `module` and `manifest` as this server reaches them. Null while the
   * remote's live release is unknown (down): only a remote that answers is asked.
   */
  const releaseFilesOf = (config: HostConfig, screen: Screen): { base: string; module: string; manifest: string } | null => {
    const entry = config.remotes[screen.remote];
    if (!entry || !config.releases[screen.remote]) return null;
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    return { base, module: internal(`${base}server/${screen.module}.js`), manifest: internal(`${base}${manifestFileOf(entry)}`) };
  };
  // Every screen of every live release starts loading as soon as a page sees the release (each
  // file once): the first page of a route after a release finds its screen ready.
  const warmScreens = (config: HostConfig): Promise<unknown> =>
    Promise.all(
      SCREENS.map(async (screen) => {
        const files = releaseFilesOf(config, screen);
        if (!files) return;
        await Promise.all([
          modules.load(files.module).catch(() => null),
          manifestOf(files.manifest).then((manifest) => screenStyles(files.base, styleFilesOf(exposedIn(manifest, screen.module)))),
        ]);
      }),
    );
  // A configuration's part of the page cache's key, made once per configuration object (the
  // server keeps one object while the live releases stay the same) rather than once per page.
  const configKeys = new WeakMap<HostConfig, string>();
  const configKeyOf = (config: HostConfig): string => {
    let key = configKeys.get(config);
    if (key === undefined) {
      key = JSON.stringify(config);
      configKeys.set(config, key);
    }
    return key;
  };
  let warmedFor = '';
  const warmOnChange = (config: HostConfig, configKey: string): void => {
    if (configKey === warmedFor) return;
    warmedFor = configKey;
    void warmScreens(config);
  };
  const render = async (url: string): Promise<RenderedHtml> => {
    const pathname = url.split('?')[0] ?? '/';
    const config = await options.runtimeConfig();
    const configKey = configKeyOf(config);
    warmOnChange(config, configKey);
    const feed = feedOf(config);
    const [doctors, clinic] = await Promise.all([feed.doctors.get(), feed.clinic.get()]);
    // Everything the page shows depends on: releases, data versions, the clock's minute. None of
    // the parts holds a line break (a request's URL and an ETag cannot, JSON has none).
    const key = [url, configKey, doctors.version, clinic.version, Math.floor(Date.now() / CLOCK_STEP_MS)].join('\n');
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
    const files = screen ? releaseFilesOf(config, screen) : null;
    const base = files?.base ?? null;
    const [screenModule, manifest] = await Promise.all([
      files ? modules.get(files.module, budget) : null,
      files ? withinBudget(manifestOf(files.manifest), budget) : null,
    ]);
    const data: InitialData = { doctors: doctors.value?.doctors ?? null, clinic: clinic.value?.clinic ?? null };
    const component = (screenModule as { default?: ComponentType } | null)?.default;
    const rendered = await host.renderPage({
      url,
      config,
      initialData: data,
      screens: id && component ? { [id]: component } : {},
    });
    const exposed = screen ? exposedIn(manifest, screen.module) : undefined;
    const styles = component && base && exposed ? await withinBudget(screenStyles(base, styleFilesOf(exposed)), budget) : [];
    const scripts = entry ? [entry, ...(exposed?.assets.js.sync ?? []).map((file) => `${base}${file}`)] : [];
    const head = [
      ...shellStyles,
      ...(styles ?? []),
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
    // A 404 unless the shell has the path: a screen, or a redirect the browser follows.
    const known = Boolean(screen) || pathname === '/appointments';
    const page: RenderedHtml = { status: known ? 200 : 404, html, gzip: zlib.gzipSync(html, { level: 6 }) };
    // A page missing a region, its styles or the API's data is rendered again next time.
    if (!rendered.leftToBrowser.length && doctors.value && clinic.value && (!base || (manifest && styles))) {
      pages.set(key, page);
      while (pages.size > CACHED_PAGES) pages.delete(pages.keys().next().value as string);
    }
    return page;
  };
  const warm = async (): Promise<void> => {
    const config = await options.runtimeConfig();
    const feed = feedOf(config);
    await Promise.all([warmScreens(config), feed.doctors.get(), feed.clinic.get()]);
  };
  return Object.assign(render, { warm });
}
