/**
 * What the loader (`/embed.js`) and the lazily loaded widget chunk agree on. Kept free of React
 * and of any import, so the loader stays a few kilobytes.
 */

/** Look of the widget; each maps to `--cb-*` tokens on the widget's host element. */
export interface WidgetTheme {
  /** Buttons, selected slots, focus ring, e.g. `#0f766e`. Sets `--cb-color-primary`. */
  primaryColor?: string;
  /** Corner radius of cards, buttons and slots, e.g. `4px`. Sets `--cb-radius-sm/md/lg/pill`. */
  radius?: string;
  /** Font stack, e.g. `Georgia, serif`. Sets `--cb-font-family`. */
  font?: string;
}

export interface WidgetOptions extends WidgetTheme {
  /** The doctor to book, e.g. `doc01`. */
  docId: string;
  /** The CareBook API's base address. */
  apiUrl: string;
  /**
   * Where the patient's session lives. Default (unset): the widget's memory, for the page's life.
   * `'session'`: also in the page's `sessionStorage` under `carebook:widget-session` (see
   * page-session.ts), so a reload of the tab keeps the patient signed in.
   */
  persist?: 'session';
}

export interface InlineOptions extends WidgetOptions {
  /** Becomes the widget's host: a shadow root is attached to it; events are dispatched on it. */
  element: HTMLElement;
}

export interface PopupOptions extends WidgetOptions {
  /** The element that opened the dialog: events go to it and focus returns to it on close. */
  trigger?: HTMLElement | null;
}

/** What the widget chunk exports. */
export interface WidgetModule {
  /** Renders the widget into `options.element`; returns the function that removes it. */
  inline(options: InlineOptions): () => void;
  /** Opens the widget in a modal dialog (closing any open one first). */
  popup(options: PopupOptions): void;
  /** Closes the open dialog, if any. */
  close(): void;
}

/** Names of the events, dispatched on the container element and bubbling. */
export const EVENTS = {
  ready: 'carebook:ready',
  login: 'carebook:login',
  booked: 'carebook:booked',
  error: 'carebook:error',
} as const;

export interface ReadyDetail {
  docId: string;
  /** null when the API does not know the doctor (a `carebook:error` follows). */
  doctorName: string | null;
}

export interface LoginDetail {
  docId: string;
  /** How the patient got a session inside the widget. */
  via: 'login' | 'sign-up';
}

export interface BookedDetail {
  docId: string;
  doctorName: string;
  /** `day_month_year`, no zero padding, in the clinic's zone: `24_11_2026`. */
  slotDate: string;
  /** `HH:mm`, 24-hour, in the clinic's zone: `15:00`. */
  slotTime: string;
  /** The new appointment's id, from the booking reply. */
  appointmentId: string;
  /** The server's confirmation, e.g. `Appointment booked`. */
  message: string;
}

export interface ErrorDetail {
  docId: string;
  message: string;
}
