/** A remote's release, as its server reports it (`/release.json`) and the host passes it on. */
export interface ReleaseInfo {
  id: string;
  /** ISO time the release was made. */
  builtAt: string;
}

/**
 * What a page of the site learns at run time (`/remotes.json`, or inline in the first view), so
 * remotes move without a rebuild of the host: written by the host's server, read by the host.
 */
export interface RuntimeConfig {
  apiUrl: string;
  adminUrl: string;
  /** Federation name -> address of its `remoteEntry.js` (the live release's). */
  remotes: Record<string, string>;
  /** Federation name -> the release this page runs (null: the remote did not answer). */
  releases: Record<string, ReleaseInfo | null>;
  /** The remotes whose canary release this page runs (the patient's bucket is in its share); absent: none. */
  canary?: string[];
}
