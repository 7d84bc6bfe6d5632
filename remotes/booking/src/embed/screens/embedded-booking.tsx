import type { ReactNode } from 'react';
import { MemoryRouter } from '@carebook/shared/router';
import { ToastContainer } from '@carebook/shared/toasts';
import { AppProvider } from '@carebook/shared/react';
import { BookingWidget } from './booking-widget';
import type { EmbedOptions } from './embed-options';

export type { EmbedOptions };
export { BookingWidget };

/**
 * The booking widget with everything the host would otherwise give it: its own context (token in
 * memory, never in the embedding site's storage), its own router and its own toasts.
 */
export default function EmbeddedBooking({ docId, apiUrl, token = null, onLoginRequired, onBooked }: EmbedOptions): ReactNode {
  return (
    <MemoryRouter>
      <AppProvider apiUrl={apiUrl} persistToken={false} initialToken={token}>
        <BookingWidget docId={docId} onLoginRequired={onLoginRequired} onBooked={onBooked} />
        <ToastContainer position="top-right" autoClose={5000} newestOnTop />
      </AppProvider>
    </MemoryRouter>
  );
}
