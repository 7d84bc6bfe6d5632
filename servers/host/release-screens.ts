import type { ComponentType } from 'react';
import { SCREENS, type Screen } from '@carebook/shared';
import type { ReleasesForPatient, RemoteAddress } from '../releases/live-remotes';
import { ImmutableFileCache } from './immutable-file-cache';
import { inlineStyle } from './page-html';
import { ServerModuleCache, withinBudget } from './server-modules';

/** An exposed module in a release's federation manifest (`mf-manifest.json`). */
export interface ExposedModule {
  name: string;
  assets: { js: { sync: string[] }; css: { sync: string[]; async: string[] } };
}

interface Manifest {
  exposes?: ExposedModule[];
}

/** A route's screen from its remote's live release, as far as it was ready within the budget. */
export interface ScreenFromRelease {
  /** The release's folder, as browsers address it. */
  base: string;
  /** The screen's component from its server build (undefined: not ready in time, or broken). */
  component: ComponentType | undefined;
  /** Whether the release's manifest was read in time. */
  manifestRead: boolean;
  /** The screen's entry in that manifest: its code and its stylesheets. */
  exposed: ExposedModule | undefined;
}

export interface ReleaseScreensOptions {
  /** What the remotes' server builds get for React and our singletons (the host build's). */
  provided: Readonly<Record<string, unknown>>;
  /** Where this server reaches each remote (another container's name in docker-compose). */
  remoteAddresses?: readonly RemoteAddress[];
  /** Content hashes of stylesheets the host loads itself: a page need not carry a remote's copy. */
  hostLazyStyles: ReadonlySet<string>;
}

/** hostEntry.js (the container for the host) describes its chunks in host-mf-manifest.json. */
function manifestFileOf(entry: string): string {
  return entry.endsWith('/hostEntry.js') ? 'host-mf-manifest.json' : 'mf-manifest.json';
}

/** A stylesheet's content hash, as the builds name them (`[name].[contenthash:8].css`). */
export const contentHashOf = (file: string): string => /\.([0-9a-f]{8})\.css$/.exec(file)?.[1] ?? file;

/** Limits for a manifest or a stylesheet (a failed read is tried again at once). */
const RELEASE_FILE_LIMITS = { timeoutMs: 2000, failureKeptMs: 0 };

/**
 * The remotes' screens from their live releases, for the host's server: each screen's server
 * build, its manifest entry and its stylesheets. A release's files never change, so each is read
 * once; a remote whose live release is unknown (down) is not asked, and costs its region only.
 */
export class ReleaseScreens {
  private readonly modules: ServerModuleCache;
  private readonly manifests = new ImmutableFileCache((response) => response.json() as Promise<Manifest>, { ...RELEASE_FILE_LIMITS, maxEntries: 64 });
  private readonly styleTexts = new ImmutableFileCache((response) => response.text(), { ...RELEASE_FILE_LIMITS, maxEntries: 256 });

  constructor(private readonly options: ReleaseScreensOptions) {
    this.modules = new ServerModuleCache(options.provided);
  }

  /**
   * Starts loading every screen of these live releases (each file once): the first page of a
   * route after a release finds its screen ready.
   */
  warm(config: Pick<ReleasesForPatient, 'remotes' | 'releases'>): Promise<unknown> {
    return Promise.all(
      SCREENS.map(async (screen) => {
        const files = this.filesOf(config, screen);
        if (!files) return;
        await Promise.all([
          this.modules.load(files.module).catch(() => null),
          this.manifestOf(files.manifest).then((manifest) => this.stylesOf(files.base, this.exposedIn(manifest, screen.module))),
        ]);
      }),
    );
  }

  /** The route's screen from its live release, waiting at most `budgetMs` (null: the release is unknown). */
  async load(config: Pick<ReleasesForPatient, 'remotes' | 'releases'>, screen: Screen, budgetMs: number): Promise<ScreenFromRelease | null> {
    const files = this.filesOf(config, screen);
    if (!files) return null;
    const [module, manifest] = await Promise.all([
      this.modules.get(files.module, budgetMs),
      withinBudget(this.manifestOf(files.manifest), budgetMs),
    ]);
    return {
      base: files.base,
      component: (module as { default?: ComponentType } | null)?.default,
      manifestRead: Boolean(manifest),
      exposed: this.exposedIn(manifest, screen.module),
    };
  }

  /**
   * The screen's stylesheets as inline `<style>` elements, including those of parts it loads later
   * (rendered here already); null unless every one of them was read within `budgetMs`.
   */
  styles(base: string, exposed: ExposedModule, budgetMs: number): Promise<string[] | null> {
    return withinBudget(this.stylesOf(base, exposed), budgetMs);
  }

  private async stylesOf(base: string, exposed: ExposedModule | undefined): Promise<string[] | null> {
    const files = exposed
      ? [...exposed.assets.css.sync, ...exposed.assets.css.async.filter((file) => !this.options.hostLazyStyles.has(contentHashOf(file)))]
      : [];
    const texts = await Promise.all(files.map((file) => this.styleTexts.load(this.internal(`${base}${file}`)).catch(() => null)));
    return texts.every((text) => text !== null) ? texts.map((text, index) => inlineStyle(`${base}${files[index]}`, text)) : null;
  }

  private manifestOf(url: string): Promise<Manifest | null> {
    return this.manifests.load(url).catch(() => null);
  }

  private exposedIn(manifest: Manifest | null, module: string): ExposedModule | undefined {
    return manifest?.exposes?.find((candidate) => candidate.name === module);
  }

  /**
   * Where a screen's files are in its remote's live release: `base` the release's folder as
   * browsers address it, `module` and `manifest` as this server reaches them. Null while the
   * remote's live release is unknown.
   */
  private filesOf(config: Pick<ReleasesForPatient, 'remotes' | 'releases'>, screen: Screen): { base: string; module: string; manifest: string } | null {
    const entry = config.remotes[screen.remote];
    if (!entry || !config.releases[screen.remote]) return null;
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    return { base, module: this.internal(`${base}server/${screen.module}.js`), manifest: this.internal(`${base}${manifestFileOf(entry)}`) };
  }

  /** A remote's public address as this server reaches it (another container in docker-compose). */
  private internal(url: string): string {
    const address = this.options.remoteAddresses?.find((candidate) => url.startsWith(`${candidate.publicOrigin}/`));
    return address ? `${address.internalOrigin}${url.slice(address.publicOrigin.length)}` : url;
  }
}
