import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ComponentType } from 'react';
import { matchPath } from '@carebook/shared/router';
import { REDIRECTS, SCREENS, type ClinicInfo, type Doctor, type RuntimeConfig, type Screen } from '@carebook/shared';
import type { InitialData } from '@carebook/shared/react';
import { BUCKETS } from '../releases/canary';
import type { RemoteAddress } from '../releases/live-remotes';
import { FreshJson } from './fresh-json';
import { escapeHtml, inlineJson, inlineStyle } from './page-html';
import { parsePageTemplate } from './page-template';
import { newPageId, type RegionFailure } from './region-reports';
import { contentHashOf, ReleaseScreens } from './release-screens';
import { evaluateServerModule } from './server-modules';


/** The host's server build (host/src/server/render.tsx). */
interface HostServerBuild {
  provided: Readonly<Record<string, unknown>>;
  renderPage(request: {
    url: string;
    config: RuntimeConfig;
    initialData: InitialData | null;
    screens: Readonly<Record<string, ComponentType>>;
  }): Promise<{ html: string; title: string; leftToBrowser: string[] }>;
}

export interface PageRendererOptions {
  /** The host's built folder: server/page.html (else index.html) is the template, server/render.js the renderer. */
  root: string;
  /**
   * This page load's configuration for the patient's bucket (each remote's live release, or its
   * canary): the same object while it is the same, never changed in place (a new one when a
   * release changes).
   */
  runtimeConfig: (bucket: number) => Promise<RuntimeConfig>;
  /** Where this server reaches each remote (another container's name in docker-compose). */
  remoteAddresses?: readonly RemoteAddress[];
  /** Where this server reaches the API (another container in docker-compose); default the public one. */
  apiInternalUrl?: string;
  /** Told of each page whose route's region could not be rendered here (region-reports.ts); never awaited. */
  reportRegionFailure?: (failure: RegionFailure) => void;
}

export interface RenderedHtml {
  status: number;
  html: string;
  /** The same page gzipped (level 6), made once per cached page. */
  gzip: Buffer;
}

/** How long a page waits for a remote's server build before sending that region's skeleton. */
const REGION_BUDGET_MS = 150;
/** Pages kept (the most recently used); any URL can be asked for, so the cache is bounded. */
const CACHED_PAGES = 500;
/** Cached pages are rendered again each minute at least: "Next: 10:30" moves with the clock. */
const CLOCK_STEP_MS = 60_000;
/**
 * A region missing for its module not being ready yet is reported only once its release set has
 * been seen this long: the first pages after a release (or a canary's start) wait for its files
 * to come (warming), which says nothing of the release. A region that threw is reported at once.
 */
const WARMING_GRACE_MS = 15_000;

/** The route's screen, matched by the same router code the host uses. */
function screenFor(pathname: string): Screen | undefined {
  return SCREENS.find((screen) => matchPath(screen.path, pathname));
}

/**
 * Renders the host's pages on the server with the same React components the browser hydrates:
 * the host's shell from its own server build, the route's screen from the server build in its
 * remote's live release (so a release changes the HTML on the next load, and a rollback restores
 * it), the screen's styles from that release, this load's configuration and data inline (no
 * `/remotes.json` round trip, no second doctors request), and preload hints for the screen's code.
 */
export interface PageRenderer {
  /** The page at `url` for a patient in `bucket` (their canaries, if any). */
  (url: string, bucket: number): Promise<RenderedHtml>;
  /** Loads every screen of the live releases and the API's data now (at start), so no first page waits for them. */
  warm(): Promise<void>;
}

/** What the host's build lists in `start-scripts.json` (tools/start-scripts.js). */
interface StartScripts {
  /** main.js under its content-hashed name: cached by the browser from page to page. */
  entry: string;
  /** What main.js loads before the app can take the page: React, React DOM, the router, the shell. */
  scripts: string[];
  /** The shell's stylesheets (its chunk group's), inline in every page. */
  styles: string[];
  /** The host's other stylesheets, which it loads itself when needed (the toasts'). */
  lazyStyles: string[];
}

/** The page template of a build with start scripts: the app's HTML page without any script. */
const PAGE_TEMPLATE = path.join('server', 'page.html');

/** The build's start scripts; none when the build has no list (a development build). */
function readStartScripts(root: string): StartScripts | null {
  const file = path.join(root, 'start-scripts.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StartScripts) : null;
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const start = readStartScripts(options.root);
  // A production build's page template has no script (server/page.html, webpack.shared.js): the
  // entry goes in by the hashed name start-scripts.json gives it (main.js is served no-cache: a
  // second page would ask again). A build without that list has only index.html, which loads main.js.
  const templateFile = path.join(options.root, start ? PAGE_TEMPLATE : 'index.html');
  const template = parsePageTemplate(fs.readFileSync(templateFile, 'utf8'), templateFile);
  const entryScript = start ? [`<script defer src="/${escapeHtml(start.entry)}"></script>`] : [];
  // On a screen used through the app, the scripts main.js loads are named at once, instead of one
  // round trip after main.js has run (see Screen.usedThroughApp).
  const startHints = (start?.scripts ?? []).map((file) => `<link rel="preload" as="script" href="/${escapeHtml(file)}">`);
  const hostFile = path.join(options.root, 'server', 'render.js');
  const host = evaluateServerModule(fs.readFileSync(hostFile, 'utf8'), hostFile, {}) as HostServerBuild;
  // The shell's own styles (the host's `shell` chunk), inline: the page is styled with no request
  // more (at 400 ms a round trip, a linked stylesheet held the first paint back by a second).
  // `data-href` is the name webpack's style loader looks for, so it does not load them again.
  // Their names are webpack's, from the build's chunk graph (start-scripts.json).
  const shellStyles = (start?.styles ?? []).map((file) => inlineStyle(file, fs.readFileSync(path.join(options.root, file), 'utf8')));
  // Styles the host loads itself when needed (the toasts' own, with the first toast): a remote's
  // build carries a copy with the same content hash, which a page need not download.
  const hostLazyStyles = new Set((start?.lazyStyles ?? []).map(contentHashOf));
  const releaseScreens = new ReleaseScreens({ provided: host.provided, remoteAddresses: options.remoteAddresses, hostLazyStyles });
  const pages = new Map<string, RenderedHtml>();
  const feeds = new Map<string, { doctors: FreshJson<{ doctors: Doctor[] }>; clinic: FreshJson<{ clinic: ClinicInfo }> }>();
  const feedOf = (config: RuntimeConfig) => {
    const api = (options.apiInternalUrl ?? config.apiUrl).replace(/\/$/, '');
    let feed = feeds.get(api);
    if (!feed) {
      feed = { doctors: new FreshJson(`${api}/api/v1/doctor/all-doctors`), clinic: new FreshJson(`${api}/api/v1/clinic`) };
      feeds.set(api, feed);
    }
    return feed;
  };
  // A configuration's part of the page cache's key, made once per configuration object (the
  // server keeps one object while the live releases stay the same) rather than once per page.
  const configKeys = new WeakMap<RuntimeConfig, string>();
  const configKeyOf = (config: RuntimeConfig): string => {
    let key = configKeys.get(config);
    if (key === undefined) {
      key = JSON.stringify(config);
      configKeys.set(config, key);
    }
    return key;
  };
  const warmed = new WeakMap<RuntimeConfig, number>();
  const warmOnChange = (config: RuntimeConfig): void => {
    if (warmed.has(config)) return;
    warmed.set(config, Date.now());
    // Every screen of a new set of releases starts loading at once, for the next pages.
    void releaseScreens.warm(config);
  };
  const render = async (url: string, bucket: number): Promise<RenderedHtml> => {
    const pathname = url.split('?')[0] ?? '/';
    const config = await options.runtimeConfig(bucket);
    const configKey = configKeyOf(config);
    warmOnChange(config);
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
    const fromRelease = screen ? await releaseScreens.load(config, screen, REGION_BUDGET_MS) : null;
    // The clock the page is drawn with travels in it: hydration starts from the same instant.
    const data: InitialData = { doctors: doctors.value?.doctors ?? null, clinic: clinic.value?.clinic ?? null, renderedAt: new Date().toISOString() };
    const component = fromRelease?.component;
    const rendered = await host.renderPage({
      url,
      config,
      initialData: data,
      screens: id && component ? { [id]: component } : {},
    });
    // The route's region was left to the browser: its screen threw or ran out of the render's time,
    // or its release's server build failed or was not ready within the budget. Reported with the
    // page's own id (also in the page, so the browser's beacons of this load join it).
    const regionFailed =
      screen !== undefined &&
      Boolean(config.releases[screen.remote]) &&
      rendered.leftToBrowser.length > 0 &&
      (component !== undefined || Date.now() - (warmed.get(config) ?? 0) >= WARMING_GRACE_MS);
    const pageId = regionFailed && screen && options.reportRegionFailure ? newPageId() : null;
    if (pageId && screen) options.reportRegionFailure?.({ page: pageId, config, remote: screen.remote });
    const exposed = fromRelease?.exposed;
    const styles = component && fromRelease && exposed ? await releaseScreens.styles(fromRelease.base, exposed, REGION_BUDGET_MS) : [];
    const scripts = entry ? [entry, ...(fromRelease && exposed ? exposed.assets.js.sync.map((file) => `${fromRelease.base}${file}`) : [])] : [];
    const head = [
      ...entryScript,
      ...shellStyles,
      ...(styles ?? []),
      ...(screen?.usedThroughApp ? startHints : []),
      ...scripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
      `<link rel="preconnect" href="${escapeHtml(new URL(config.apiUrl).origin)}">`,
      ...(pageId ? [`<meta name="carebook-page" content="${pageId}">`] : []),
      `<script id="carebook-config" type="application/json">${inlineJson(config)}</script>`,
      `<script id="carebook-data" type="application/json">${inlineJson(data)}</script>`,
    ].join('\n');
    const html = template.fill({ title: rendered.title, head, root: rendered.html });
    // A 404 unless the shell has the path: a screen, or a redirect the browser follows.
    const known = Boolean(screen) || REDIRECTS.some(({ from }) => from === pathname);
    const page: RenderedHtml = { status: known ? 200 : 404, html, gzip: zlib.gzipSync(html, { level: 6 }) };
    // A page missing a region, its styles or the API's data is rendered again next time.
    if (!rendered.leftToBrowser.length && doctors.value && clinic.value && (!fromRelease || (fromRelease.manifestRead && styles))) {
      pages.set(key, page);
      while (pages.size > CACHED_PAGES) pages.delete(pages.keys().next().value as string);
    }
    return page;
  };
  const warm = async (): Promise<void> => {
    // The live releases (the last bucket is in no canary's share, at most 99%).
    const config = await options.runtimeConfig(BUCKETS - 1);
    const feed = feedOf(config);
    await Promise.all([releaseScreens.warm(config), feed.doctors.get(), feed.clinic.get()]);
  };
  return Object.assign(render, { warm });
}
