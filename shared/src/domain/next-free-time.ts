import { formatTime, formatWeekdayShort } from './format';
import { firstFreeSlot } from './slot-instant';
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

export type NextFreeTime =
  /** `label` e.g. `Today 2:30 PM`; `dateTime` the clinic wall time, `2026-11-24T14:30`, for `<time>`. */
  | { kind: 'slot'; label: string; dateTime: string }
  /** Every start of the 7-day window is taken or over. */
  | { kind: 'none' };

/**
 * The doctor's first free start by the same rules and data as the doctor page's slot row
 * (`generateSlotDays` in the clinic zone over `slots_booked` and the doctor's schedule), so the two always agree. Cards,
 * home tiles and the server's first view all read it from here.
 * `null` for a doctor who is not taking appointments: no time is offered at all.
 */
export function nextFreeTime(
  doctor: DoctorAvailability,
  now: Date,
  timeZone: string,
): NextFreeTime | null {
  if (!doctor.available) return null;
  const slot = firstFreeSlot(generateSlotDays({ now, timeZone, booked: doctor.slots_booked, schedule: doctor.schedule }));
  if (!slot) return { kind: 'none' };
  const day = slot.dayOffset === 0 ? 'Today' : slot.dayOffset === 1 ? 'Tomorrow' : formatWeekdayShort(slot.day);
  return { kind: 'slot', label: `${day} ${formatTime(slot.time)}`, dateTime: `${toIsoDate(slot.day)}T${slot.time}` };
}
