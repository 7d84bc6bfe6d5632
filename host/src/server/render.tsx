// The entry of the host's server build (`dist/server/render.js`, see webpack.shared.js): renders
// the shell and the route's screen to HTML, with the very components the browser hydrates.
import { Writable } from 'node:stream';
import * as React from 'react';
import type { ComponentType } from 'react';
import * as ReactDOM from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import * as jsxRuntime from 'react/jsx-runtime';
import { StaticRouter } from 'react-router';
import * as sharedReact from '@carebook/shared/react';
import type { InitialData } from '@carebook/shared/react';
import * as router from '@carebook/shared/router';
import * as toasts from '@carebook/shared/toasts';
import { AppShell } from '../app';
import { routePage } from '../layout/route-page';
import type { RuntimeConfig } from '../remotes/runtime-config';
import { ScreenNotOnServer, ServerScreensContext } from '../remotes/server-screens';
import { renderFailureLog } from './failure-log';

/**
 * What a remote's server build gets when it asks for React or one of our singletons: this build's
 * instances, so its screen renders inside this router and this context (one per page, as in the
 * browser).
 */
export const provided: Readonly<Record<string, unknown>> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  '@carebook/shared/react': sharedReact,
  '@carebook/shared/router': router,
  '@carebook/shared/toasts': toasts,
};

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  config: RuntimeConfig;
  initialData: InitialData | null;
  /** The screens the server has (federated id -> component); any other region is left to the browser. */
  screens: Readonly<Record<string, ComponentType>>;
}

export interface RenderedPage {
  /** The inside of `#root`. */
  html: string;
  title: string;
  /** Regions sent as their skeleton, for the browser to render (their remote missing or throwing). */
  leftToBrowser: string[];
}

/** A render that takes longer is cut short: what is not done is rendered by the browser. */
const RENDER_TIMEOUT_MS = 1000;

const logRenderFailure = renderFailureLog();

/** Renders the page at `url` as the browser will hydrate it (signed out: the token is the browser's). */
export function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const leftToBrowser: string[] = [];
  const pathname = new URL(request.url, 'http://carebook.invalid').pathname;
  const screenOf = (id: string): ComponentType | null => request.screens[id] ?? null;
  return new Promise((resolve, reject) => {
    // Set first (React may report a shell error before renderToPipeableStream returns); cleared
    // once the page is done, so no timer outlives its render.
    const timeout = setTimeout(() => stream.abort(new ScreenNotOnServer('(over the time budget)')), RENDER_TIMEOUT_MS);
    timeout.unref();
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timeout);
        resolve({ html: Buffer.concat(chunks).toString('utf8'), title: routePage(pathname).title, leftToBrowser });
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StaticRouter location={request.url}>
        <ServerScreensContext.Provider value={screenOf}>
          <AppShell config={request.config} initialData={request.initialData} />
        </ServerScreensContext.Provider>
      </StaticRouter>,
      {
        // Every region inline, in place: no boundary sent later with an inline script (the CSP
        // allows none, and the page is cached whole).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady: () => stream.pipe(sink),
        onShellError: (error) => {
          clearTimeout(timeout);
          reject(error);
        },
        onError: (error) => {
          if (error instanceof ScreenNotOnServer) leftToBrowser.push(error.id);
          else {
            leftToBrowser.push(String(error instanceof Error ? error.message : error));
            logRenderFailure(error);
          }
        },
      },
    );
  });
}
