import type { BookedSlot } from '../../features/booking/use-book-slot';

export type { BookedSlot };

/** What an integrator passes to `mount()` or `<EmbeddedBooking>`. */
export interface EmbedOptions {
  /** The doctor to book, e.g. `doc01`. */
  docId: string;
  /** The CareBook API's base address, e.g. `https://api.carebook.example`. */
  apiUrl: string;
  /** The patient's CareBook token, when the integrator already has one. Kept in memory only. */
  token?: string | null;
  /** A visitor (no token) pressed Book: show your login. Without it the widget says to log in. */
  onLoginRequired?: () => void;
  /** A booking succeeded. */
  onBooked?: (booking: BookedSlot) => void;
}
