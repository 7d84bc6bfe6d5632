/**
 * Stands in for `@carebook/shared/toasts` in the embed build (aliased in webpack.embed.js): the
 * same `toast.success/error/warning/info` calls the shared code makes, shown as a message inside the
 * widget that is in use instead of a toast layer on the page. react-toastify would put its CSS in
 * the page's <head> (a leak, and blocked by a strict CSP) and float outside the shadow root.
 */
import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import styles from './notices.module.css';

type Kind = 'success' | 'error' | 'warning' | 'info';
interface Notice {
  kind: Kind;
  text: string;
}
interface Target {
  notice: Notice | null;
  listeners: Set<() => void>;
  onError: (message: string) => void;
  timer?: ReturnType<typeof setTimeout>;
}

const targets = new Map<string, Target>();
let activeId: string | null = null;
const SHOWN_MS = 8000;

/** A widget's message area; `onError` also gets every error (for `carebook:error`). */
export function registerNoticeTarget(id: string, onError: (message: string) => void): () => void {
  targets.set(id, { notice: null, listeners: new Set(), onError });
  activeId = id;
  return () => {
    clearTimeout(targets.get(id)?.timer);
    targets.delete(id);
    if (activeId === id) activeId = [...targets.keys()].pop() ?? null;
  };
}

/** The widget the visitor is using now gets the messages (several widgets can share a page). */
export function activateNoticeTarget(id: string): void {
  if (targets.has(id)) activeId = id;
}

function show(target: Target, notice: Notice | null): void {
  clearTimeout(target.timer);
  target.notice = notice;
  if (notice) target.timer = setTimeout(() => show(target, null), notice.kind === 'error' ? SHOWN_MS * 2 : SHOWN_MS);
  for (const listener of target.listeners) listener();
}

let counter = 0;
function push(kind: Kind, content: unknown): string {
  const target = activeId ? targets.get(activeId) : undefined;
  const text = String(content);
  if (target) {
    show(target, { kind, text });
    if (kind === 'error') target.onError(text);
  }
  counter += 1;
  return `notice-${counter}`;
}

export const toast = Object.assign((content: unknown) => push('info', content), {
  success: (content: unknown) => push('success', content),
  error: (content: unknown) => push('error', content),
  warning: (content: unknown) => push('warning', content),
  info: (content: unknown) => push('info', content),
  dismiss: () => undefined,
});

/** The toast container is not needed in the widget; the NoticeArea takes its place. */
export function ToastContainer(): null {
  return null;
}

export function NoticeArea({ targetId }: { targetId: string }): ReactNode {
  const subscribe = useCallback(
    (listener: () => void): (() => void) => {
      const target = targets.get(targetId);
      target?.listeners.add(listener);
      return () => target?.listeners.delete(listener);
    },
    [targetId],
  );
  const notice = useSyncExternalStore(subscribe, () => targets.get(targetId)?.notice ?? null);
  const urgent = notice?.kind === 'error' || notice?.kind === 'warning';
  return (
    <>
      <p role="status" className={notice && !urgent ? `${styles.region} ${styles.notice} ${styles[notice.kind]}` : styles.region}>
        {notice && !urgent ? notice.text : ''}
      </p>
      <p role="alert" className={notice && urgent ? `${styles.region} ${styles.notice} ${styles[notice.kind]}` : styles.region}>
        {notice && urgent ? notice.text : ''}
      </p>
    </>
  );
}
