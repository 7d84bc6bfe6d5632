import { clinicWallClock, parseDateKey, SLOT_MINUTES, SLOT_TIMES, type CalendarDate, type SlotDay } from './slots';

/**
 * From a clinic wall-clock time to the instant it happens, the inverse of `clinicWallClock`.
 *
 * Start from the wall time read as if it were UTC, see what the zone's clock shows at that instant,
 * and move by the difference; a second pass settles a guess that landed across a DST change.
 * Worked examples, clinic in Europe/Berlin:
 *   24 Nov 2026 14:30 (UTC+1)  -> 2026-11-24T13:30Z
 *   29 Mar 2026 10:00 (clocks went forward at 02:00 that night, UTC+2) -> 2026-03-29T08:00Z
 *   28 Mar 2026 10:00 (still UTC+1) -> 2026-03-28T09:00Z
 * The slot grid (10:00-21:00) never meets the night-time hour a DST change skips or repeats.
 */
export function clinicTimeToInstant(date: CalendarDate, minutes: number, timeZone: string): Date {
  const wanted = Date.UTC(date.year, date.month - 1, date.day) + minutes * 60_000;
  let guess = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = clinicWallClock(new Date(guess), timeZone);
    const shownMs = Date.UTC(shown.year, shown.month - 1, shown.day) + Math.round(shown.minutes * 60_000);
    guess += wanted - shownMs;
  }
  return new Date(guess);
}

/** When a booked `slotDate`/`slotTime` starts and ends; `null` when either is not on the grid. */
export function slotInterval(slotDate: string, slotTime: string, timeZone: string): { start: Date; end: Date } | null {
  const date = parseDateKey(slotDate);
  if (!date || !SLOT_TIMES.includes(slotTime)) return null;
  const minutes = Number(slotTime.slice(0, 2)) * 60 + Number(slotTime.slice(3, 5));
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
