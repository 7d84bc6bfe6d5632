/**
 * The widget chunk (`embed-widget.<hash>.js`), loaded by `/embed.js` when first needed. It brings
 * its own React, bundled, and never touches a Module Federation share scope, so it works beside a
 * page's own React of any version.
 */
import { createRoot } from 'react-dom/client';
import type { InlineOptions, PopupOptions, WidgetModule, WidgetOptions } from '../embed-types';
import { EVENTS } from '../embed-types';
import type { EmitEvent } from '../screens/widget-events';
import { EmbedRoot } from './embed-root';
import { activateNoticeTarget, registerNoticeTarget } from './notices';
import { pageSession } from './page-session';
import { PopupDialog } from './popup-dialog';
import { copyTokens, prepareShadowRoot } from './shadow-host';

let counter = 0;

/** Renders one widget into `host`'s shadow root; events go to `target`. Returns its teardown. */
function start(host: HTMLElement, target: EventTarget, options: WidgetOptions, onClose?: () => void): () => void {
  if (options.persist === 'session') pageSession.persistInSession();
  const mountPoint = prepareShadowRoot(host, options);
  counter += 1;
  const id = `carebook-widget-${counter}`;
  const emit: EmitEvent = (name, detail) =>
    target.dispatchEvent(new CustomEvent(EVENTS[name], { bubbles: true, composed: true, detail }));
  const release = registerNoticeTarget(id, (message) => emit('error', { docId: options.docId, message }));
  const activate = (): void => activateNoticeTarget(id);
  host.addEventListener('focusin', activate);
  host.addEventListener('pointerdown', activate);

  const content = <EmbedRoot docId={options.docId} apiUrl={options.apiUrl} noticeTargetId={id} emit={emit} />;
  const root = createRoot(mountPoint);
  root.render(onClose ? <PopupDialog onClose={onClose}>{content}</PopupDialog> : content);
  return () => {
    host.removeEventListener('focusin', activate);
    host.removeEventListener('pointerdown', activate);
    release();
    root.unmount();
  };
}

let open: { stop: () => void; host: HTMLElement; trigger: HTMLElement | null } | null = null;

function close(): void {
  if (!open) return;
  const { stop, host, trigger } = open;
  open = null;
  // Leave the top layer first: while the modal is open the rest of the page cannot take focus.
  host.shadowRoot?.querySelector('dialog')?.close();
  // Unmounting from inside React's own click handler is deferred to after it returns.
  setTimeout(() => {
    stop();
    host.remove();
  });
  if (trigger?.isConnected) trigger.focus();
}

export const widget: WidgetModule = {
  inline(options: InlineOptions) {
    return start(options.element, options.element, options);
  },
  popup(options: PopupOptions) {
    close();
    const host = document.createElement('div');
    host.setAttribute('data-carebook-dialog', options.docId);
    document.body.append(host);
    const trigger = options.trigger ?? null;
    if (trigger) copyTokens(trigger, host);
    open = { stop: start(host, trigger ?? host, options, close), host, trigger };
  },
  close,
};
