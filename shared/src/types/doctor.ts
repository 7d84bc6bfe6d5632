import type { z } from 'zod';
import type { addressSchema } from '../contract/common';
import type { doctorSchema, slotsBookedSchema } from '../contract/doctors';

// Inferred from the wire schemas (`../contract`), type-only: the site's bundles never load zod.

/** A postal address as the site shows it: two free-text lines. */
export type Address = z.infer<typeof addressSchema>;

/**
 * Booked time labels per day: the key is a `day_month_year` date key (`5_1_2027`),
 * the value the `HH:mm` start times already taken that day.
 */
export type SlotsBooked = z.infer<typeof slotsBookedSchema>;

/** A doctor as `GET /api/v1/doctor/all-doctors` returns it. */
export type Doctor = z.infer<typeof doctorSchema>;
