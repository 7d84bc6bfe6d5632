import type { Page } from 'playwright-core';

export interface RecordedEvent {
  type: string;
  detail: Record<string, unknown>;
  /** The element the event was dispatched on, e.g. `DIV[data-carebook-doctor=doc01]`. */
  target: string;
}

declare global {
  interface Window {
    carebookEvents?: RecordedEvent[];
    /** What /embed.js defines (see remotes/booking/README.md). */
    CareBook?: {
      inline(options: { element: HTMLElement; docId: string; apiUrl?: string }): Promise<() => void>;
      popup(options: { docId: string; apiUrl?: string }): Promise<void>;
      close(): void;
    };
  }
}

/** Records every carebook:* event that reaches `document` (so: bubbling), from the first script on. */
export async function recordEmbedEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.carebookEvents = [];
    for (const type of ['carebook:ready', 'carebook:login', 'carebook:booked', 'carebook:error']) {
      document.addEventListener(type, (event) => {
        const target = event.target as HTMLElement;
        const data = target.dataset ?? {};
        const mark = data.carebookDoctor ?? data.carebookPopup ?? '';
        window.carebookEvents?.push({
          type,
          detail: (event as CustomEvent<Record<string, unknown>>).detail,
          target: `${target.tagName}${mark ? `[${mark}]` : ''}`,
        });
      });
    }
  });
}

export async function embedEvents(page: Page, type?: string): Promise<RecordedEvent[]> {
  const events = await page.evaluate(() => window.carebookEvents ?? []);
  return type ? events.filter((event) => event.type === type) : events;
}

export async function waitForEmbedEvent(page: Page, type: string): Promise<RecordedEvent> {
  await page.waitForFunction((name) => (window.carebookEvents ?? []).some((event) => event.type === name), type);
  const [event] = await embedEvents(page, type);
  if (!event) throw new Error(`no ${type}`);
  return event;
}

/** The focused element, through open shadow roots: its text or label, and whether it is in a dialog. */
export function deepFocus(page: Page): Promise<{ label: string; inDialog: boolean } | null> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return null;
    const label = active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
    return { label, inDialog: active.closest('dialog') !== null };
  });
}

/** What the page holds in its own storage: the widget must leave all of it alone. */
export function pageStorage(page: Page): Promise<{ local: number; session: number; cookie: string }> {
  return page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }));
}
