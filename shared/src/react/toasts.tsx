import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type * as ToastifyModule from 'react-toastify/unstyled';

/**
 * `@carebook/shared/toasts`: the toasts every app of the composed site imports (lint refuses
 * `react-toastify` in app code), one federation singleton, since it holds the page's containers.
 * The same `toast` and `ToastContainer` as `react-toastify`, but the library and its styles
 * (about 14 KB gzip) download only when the first toast is shown, not on every first visit.
 * A new export is a new version of the singleton (shared/singletons.json).
 */
type Toastify = typeof ToastifyModule;
type ContainerProps = ComponentProps<Toastify['ToastContainer']>;
type Message = Parameters<Toastify['toast']['success']>[0];
type Options = Parameters<Toastify['toast']['success']>[1];

let library: Promise<Toastify> | null = null;
function load(): Promise<Toastify> {
  library ??= Promise.all([import('react-toastify/unstyled'), import('react-toastify/dist/ReactToastify.css')]).then(
    ([module]) => module,
  );
  return library;
}

/** Containers on the page, told to render the real one when the first toast comes. */
const containers = new Set<() => void>();
let mounted: () => void = () => undefined;
let containerMounted = new Promise<void>((resolve) => (mounted = resolve));

/** Runs a call on the real library once a real container is on the page to show it. */
function whenShown(call: (toastify: Toastify) => void): void {
  for (const show of containers) show();
  const ready = containers.size ? containerMounted : Promise.resolve();
  void Promise.all([load(), ready]).then(([toastify]) => call(toastify));
}

export const toast = {
  success: (message: Message, options?: Options): void => whenShown((t) => void t.toast.success(message, options)),
  error: (message: Message, options?: Options): void => whenShown((t) => void t.toast.error(message, options)),
  warning: (message: Message, options?: Options): void => whenShown((t) => void t.toast.warning(message, options)),
  info: (message: Message, options?: Options): void => whenShown((t) => void t.toast.info(message, options)),
  dismiss: (id?: string | number): void => {
    if (library) void library.then((t) => t.toast.dismiss(id));
  },
};

function RealContainer({ toastify, ...props }: ContainerProps & { toastify: Toastify }): ReactNode {
  useEffect(() => mounted(), []);
  return <toastify.ToastContainer {...props} />;
}

/** Renders nothing until a toast is asked for; then the real container with these props. */
export function ToastContainer(props: ContainerProps): ReactNode {
  const [toastify, setToastify] = useState<Toastify | null>(null);
  useEffect(() => {
    const show = (): void => void load().then(setToastify);
    containers.add(show);
    if (library) show();
    return () => {
      containers.delete(show);
      if (!containers.size) containerMounted = new Promise<void>((resolve) => (mounted = resolve));
    };
  }, []);
  return toastify ? <RealContainer toastify={toastify} {...props} /> : null;
}
