import { createRoot } from 'react-dom/client';
import 'react-toastify/dist/ReactToastify.css';
import '@carebook/shared/tokens.css';
import EmbeddedBooking from './embed/screens/embedded-booking';
import type { EmbedOptions } from './embed/screens/embed-options';

export type { EmbedOptions as MountOptions };

/**
 * Framework-agnostic embedding: renders doctor booking for one doctor into `element` and returns
 * the function that removes it. Works on any page: no host, no React of the page's own needed.
 *
 *   const unmount = mount(document.getElementById('booking'), { docId: 'doc01', apiUrl, token });
 */
export function mount(element: Element, options: EmbedOptions): () => void {
  if (!element) throw new TypeError('mount(element, options): element is required');
  if (!options?.docId || !options.apiUrl) throw new TypeError('mount(element, options): docId and apiUrl are required');
  const root = createRoot(element);
  root.render(<EmbeddedBooking {...options} />);
  return () => root.unmount();
}

export default mount;
