import type { BookedDetail, ErrorDetail, LoginDetail, ReadyDetail } from '../embed-types';

/** Each event's `detail`, by the short name used in code (`carebook:<name>` on the page). */
export interface EventDetails {
  ready: ReadyDetail;
  login: LoginDetail;
  booked: BookedDetail;
  error: ErrorDetail;
}

export type EmitEvent = <K extends keyof EventDetails>(name: K, detail: EventDetails[K]) => void;
