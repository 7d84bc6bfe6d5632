import { createContext, type ComponentType } from 'react';

/**
 * On the server, the screens the host's server loaded from the remotes' live releases (their
 * server builds), by federated id (`doctors/home`). Null in the browser, where screens load
 * through the federation runtime. A screen the server has not got (its remote slow, down or
 * broken) is not rendered there: its region is sent as its skeleton and the browser renders it.
 */
export type ServerScreens = (id: string) => ComponentType | null;

export const ServerScreensContext = createContext<ServerScreens | null>(null);

/** Thrown in place of a screen the server has not got: React sends that region's fallback. */
export class ScreenNotOnServer extends Error {
  constructor(readonly id: string) {
    super(`${id} is rendered in the browser`);
    this.name = 'ScreenNotOnServer';
  }
}
