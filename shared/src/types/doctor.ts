import type { Specialization } from '../domain/specializations';

/** A postal address as the site shows it: two free-text lines. */
export interface Address {
  line1: string;
  line2: string;
}

/**
 * Booked time labels per day: the key is a `day_month_year` date key (`5_1_2027`),
 * the value the `HH:mm` start times already taken that day.
 */
export type SlotsBooked = Record<string, string[]>;

/** A doctor as `GET /api/v1/doctor/all-doctors` returns it. */
export interface Doctor {
  _id: string;
  name: string;
  image: string;
  specialization: Specialization;
  degree: string;
  /** Years of practice; absent or empty for doctors who did not state it. */
  experience?: string;
  about: string;
  /** Appointment fee in dollars (detail screen). */
  fees: number;
  /** Same value as `fees`, the name the related-doctors list reads. */
  fee?: number;
  available: boolean;
  address: Address;
  slots_booked: SlotsBooked;
  /** Clinic or neighbourhood; optional. */
  location?: string;
  /**
   * Average of patients' ratings of completed visits, to one decimal; `null` with no reviews.
   * The API always sends it (and `reviews`); optional here for data from older servers.
   */
  rating?: number | null;
  /** How many patients rated a visit. */
  reviews?: number;
}
