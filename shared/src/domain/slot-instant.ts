import { gridMinutes } from './schedule';
import { clinicTimeToInstant, parseDateKey, SLOT_MINUTES, type SlotDay } from './slots';

/** When a booked `slotDate`/`slotTime` starts and ends; `null` when either is not on the grid. */
export function slotInterval(slotDate: string, slotTime: string, timeZone: string): { start: Date; end: Date } | null {
  const date = parseDateKey(slotDate);
  const minutes = gridMinutes(slotTime);
  if (!date || minutes === null) return null;
  const start = clinicTimeToInstant(date, minutes, timeZone);
  return { start, end: new Date(start.getTime() + SLOT_MINUTES * 60_000) };
}

/**
 * True once the appointment's start is not after `now` (the same rule as booking: a start equal
 * to now is past). Such an appointment can no longer be cancelled or moved. An unreadable slot
 * counts as started, so it is never offered as movable.
 */
export function hasSlotStarted(slotDate: string, slotTime: string, now: Date, timeZone: string): boolean {
  const interval = slotInterval(slotDate, slotTime, timeZone);
  return !interval || interval.start.getTime() <= now.getTime();
}

/** The first free start of a booking row, and how many days from today it is. */
export interface FreeSlot {
  day: SlotDay;
  time: string;
  dayOffset: number;
}

/**
 * The first free start in a booking row (from `generateSlotDays`): the earliest time on the first
 * day that has one. The doctor page's slot row and a card's "Next:" line both come from this.
 */
export function firstFreeSlot(days: readonly SlotDay[]): FreeSlot | null {
  for (const [dayOffset, day] of days.entries()) {
    const time = day.times[0];
    if (time) return { day, time, dayOffset };
  }
  return null;
}
