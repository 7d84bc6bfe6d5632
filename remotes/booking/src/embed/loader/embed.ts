/**
 * `/embed.js`: the only script an integrator adds. It finds `data-carebook-doctor` (inline) and
 * `data-carebook-popup` (dialog) elements, exposes `window.CareBook`, and loads the widget chunk
 * (React and all) only when needed: at once for an inline widget, on the first click or when the
 * browser is idle for a popup. Budget: 4 KB gzip (checked by e2e/embed-loader.e2e.test.ts).
 */
import { EVENTS, type InlineOptions, type PopupOptions, type WidgetModule } from '../embed-types';
import { optionsFrom, type CodeOptions } from './read-options';

export interface CareBookApi {
  /** Renders the widget into `element`; resolves to the function that removes it. */
  inline(options: CodeOptions<InlineOptions>): Promise<() => void>;
  /** Opens the widget in a modal dialog. */
  popup(options: CodeOptions<PopupOptions>): Promise<void>;
  /** Closes the dialog. */
  close(): void;
  /** Looks for new `data-carebook-*` elements (also done on every DOM change). */
  scan(): void;
}

/**
 * The README's stub, for calls made before this async script ran: each method pushes
 * `[name, arguments, resolve, reject]` onto `q` and returns a promise that the replay settles.
 */
export interface CareBookStub {
  q: [name: keyof CareBookApi, args: ArrayLike<unknown>, resolve?: (value: unknown) => void, reject?: (error: unknown) => void][];
}

declare global {
  interface Window {
    CareBook?: CareBookApi | CareBookStub;
  }
  // webpack's run-time public path: where the widget chunk is fetched from.
  var __webpack_public_path__: string;
}

const UNAVAILABLE = 'Online booking is unavailable right now. Please try again later.';
// This script's own address (a tag manager may insert it so that currentScript is unset).
const script =
  (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>('script[src*="embed.js"]');
// The widget chunk sits beside embed.js, on the booking remote's origin, not on the page's.
if (script?.src) __webpack_public_path__ = new URL('.', script.src).href;
const defaultApi = script?.dataset.carebookApi || process.env.API_URL;

let loading: Promise<WidgetModule> | null = null;
function loadWidget(): Promise<WidgetModule> {
  if (!loading) {
    loading = import(/* webpackChunkName: "embed-widget" */ '../widget/widget').then((chunk) => chunk.widget);
    // A failed download is retried by the next call, not remembered.
    loading.catch(() => (loading = null));
  }
  return loading;
}

function fail(target: EventTarget, docId: string, error: unknown): void {
  const message = `${UNAVAILABLE} (${error instanceof Error ? error.message : String(error)})`;
  target.dispatchEvent(new CustomEvent(EVENTS.error, { bubbles: true, composed: true, detail: { docId, message } }));
}

function withApi<T extends { apiUrl?: string }>(options: T): T & { apiUrl: string } {
  return { ...options, apiUrl: options.apiUrl || defaultApi };
}

const api: CareBookApi = {
  async inline(options) {
    try {
      return (await loadWidget()).inline(withApi(options));
    } catch (error) {
      options.element.textContent = UNAVAILABLE;
      fail(options.element, options.docId, error);
      throw error;
    }
  },
  async popup(options) {
    const trigger = options.trigger;
    trigger?.setAttribute('aria-busy', 'true');
    try {
      (await loadWidget()).popup(withApi(options));
    } catch (error) {
      fail(trigger ?? document, options.docId, error);
      throw error;
    } finally {
      trigger?.removeAttribute('aria-busy');
    }
  },
  close() {
    void loading?.then((widget) => widget.close());
  },
  scan,
};

const bound = new WeakSet<Element>();
let preloading = false;

function scan(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-carebook-doctor]')) {
    if (bound.has(element)) continue;
    bound.add(element);
    const docId = element.dataset.carebookDoctor ?? '';
    api.inline({ ...optionsFrom(element, docId), element }).catch(() => undefined);
  }
  if (!preloading && document.querySelector('[data-carebook-popup]')) {
    preloading = true;
    const preload = (): void => void loadWidget().catch(() => undefined);
    if ('requestIdleCallback' in window) requestIdleCallback(preload, { timeout: 5000 });
    else setTimeout(preload, 2000);
  }
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const trigger = target?.closest<HTMLElement>('[data-carebook-popup]');
  if (!trigger || event.defaultPrevented) return;
  // A link fallback (`<a href=... data-carebook-popup>`) opens the dialog instead of navigating.
  event.preventDefault();
  const docId = trigger.dataset.carebookPopup ?? '';
  api.popup({ ...optionsFrom(trigger, docId), trigger }).catch(() => undefined);
}

function start(): void {
  scan();
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      scan();
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
}

/** Runs the calls the stub queued, in order, settling the promises the stub handed out. */
function replay(queue: CareBookStub['q']): void {
  for (const [name, args, resolve, reject] of queue) {
    const method = api[name] as (...values: unknown[]) => unknown;
    Promise.resolve()
      .then(() => method(...Array.from(args)))
      .then(resolve, (error: unknown) => reject?.(error));
  }
}

// A page that includes the snippet twice gets one loader; the stub (it has a queue) is replaced.
const existing = window.CareBook;
if (!existing || 'q' in existing) {
  window.CareBook = api;
  document.addEventListener('click', onClick);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
  if (existing) replay(existing.q);
}
