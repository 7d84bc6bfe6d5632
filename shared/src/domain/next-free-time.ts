import { formatShortDay, formatTime, formatWeekdayShort } from './format';
import { generateSlotDays, toIsoDate } from './slots';

type SlotRules = Parameters<typeof generateSlotDays>[0];

/**
 * What the rule reads of a doctor (a `Doctor` has these fields), named by the slot rules' own types:
 * the domain sits below the wire contract and the types inferred from it, and imports neither.
 */
export interface DoctorAvailability {
  available: boolean;
  slots_booked: SlotRules['booked'];
  schedule?: SlotRules['schedule'];
}

/** One free start as a doctor's card offers it: where its link goes and how it reads. */
export interface OfferedTime {
  /** The wire's day key and start, `24_11_2026` and `14:30`: the doctor's page reads them from `?date=&time=`. */
  slotDate: string;
  slotTime: string;
  /** `Today`, `Tomorrow`, or the weekday further ahead (`Thu`). */
  day: string;
  /** The calendar day, `Tue 24 Nov`, for the link's full name. */
  fullDay: string;
  /** `2:30 PM`. */
  time: string;
  /** The clinic's wall time, `2026-11-24T14:30`, for `<time dateTime>`. */
  dateTime: string;
}

/** How many free times a card offers by default. */
export const CARD_TIMES = 3;

/**
 * The doctor's first `limit` free starts by the same rules and data as the doctor page's slot row
 * (`generateSlotDays` in the clinic zone over `slots_booked`, the doctor's hours and time off),
 * in order, so a card offers exactly what the doctor's page would: never a start that is taken or
 * not after `now`, never beyond the 7-day window. Cards, home tiles and the server's first view all
 * read it from here. An empty list when the whole window is taken or off; `null` for a doctor who
 * is not taking appointments: no time is offered at all.
 *
 * Worked example, clinic in Europe/Berlin (UTC+1), now Tue 24 Nov 2026 19:10Z = 20:10 Berlin,
 * nothing booked, default hours (last start 20:30): `Today 8:30 PM`, `Tomorrow 10:00 AM`,
 * `Tomorrow 10:30 AM`. A browser in New York changes nothing: only `timeZone` counts.
 */
export function freeTimesAhead(doctor: DoctorAvailability, now: Date, timeZone: string, limit = CARD_TIMES): OfferedTime[] | null {
  if (!doctor.available) return null;
  const offered: OfferedTime[] = [];
  const days = generateSlotDays({ now, timeZone, booked: doctor.slots_booked, schedule: doctor.schedule });
  for (const [offset, day] of days.entries()) {
    const dayWord = offset === 0 ? 'Today' : offset === 1 ? 'Tomorrow' : formatWeekdayShort(day);
    for (const time of day.times) {
      if (offered.length >= limit) return offered;
      offered.push({
        slotDate: day.key,
        slotTime: time,
        day: dayWord,
        fullDay: formatShortDay(day),
        time: formatTime(time),
        dateTime: `${toIsoDate(day)}T${time}`,
      });
    }
  }
  return offered;
}
