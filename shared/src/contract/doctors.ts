import { z } from 'zod';
import { WEEKDAYS, type Weekday } from '../domain/schedule';
import { SPECIALIZATIONS } from '../domain/specializations';
import { addressSchema } from './common';

/**
 * Booked time labels per day: the key is a `day_month_year` date key (`5_1_2027`),
 * the value the `HH:mm` start times already taken that day.
 */
export const slotsBookedSchema = z.record(z.string(), z.array(z.string()));

const timeRangeSchema = z.object({ start: z.string(), end: z.string() });

/**
 * A doctor's weekly hours (`HH:mm` ranges per weekday, clinic zone, end exclusive) and time off
 * (`YYYY-MM-DD` days, inclusive). The rules are `validateSchedule` in `domain/schedule.ts`.
 */
export const scheduleSchema = z.object({
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(timeRangeSchema)])) as Record<Weekday, z.ZodArray<typeof timeRangeSchema>>),
  timeOff: z.array(z.object({ from: z.string(), to: z.string() })),
});

/** A doctor as `GET /api/v1/doctor/all-doctors` returns it (the admin list: without ratings). */
export const doctorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  specialization: z.enum(SPECIALIZATIONS),
  degree: z.string(),
  /** Years of practice; absent for doctors who did not state it. */
  experience: z.string().optional(),
  about: z.string(),
  /** Appointment fee in dollars (detail screen). */
  fees: z.number(),
  /** Same value as `fees`, the name the related-doctors list reads. */
  fee: z.number().optional(),
  available: z.boolean(),
  address: addressSchema,
  slots_booked: slotsBookedSchema,
  /** Working hours and time off; the API always sends it, and a doctor without one works 10:00-21:00 daily. */
  schedule: scheduleSchema.optional(),
  /** Clinic or neighbourhood; optional. */
  location: z.string().optional(),
  /** Average of patients' ratings of completed visits, to one decimal; `null` with no reviews. */
  rating: z.number().nullable().optional(),
  /** How many patients rated a visit. */
  reviews: z.number().optional(),
});

export const doctorsReplySchema = z.object({ success: z.literal(true), doctors: z.array(doctorSchema) });

/** Facts about the clinic the site needs to agree with the server. */
export const clinicInfoSchema = z.object({
  /** IANA time zone name, e.g. `Europe/Berlin`. Slots are in this zone. */
  timeZone: z.string(),
});

export const clinicReplySchema = z.object({ success: z.literal(true), clinic: clinicInfoSchema });
