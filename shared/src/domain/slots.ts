import { MESSAGES } from './messages';

/**
 * Appointment slots, in the clinic's time zone, as pure functions of `now` and the zone.
 *
 * The grid: every day, half-hour starts from 10:00 to 20:30 (the last one ends at 21:00).
 * The window: 7 calendar days in the clinic zone, starting today.
 * Today: only starts strictly after now. Worked examples, clinic in Europe/Berlin (UTC+1 in winter):
 *   now 2026-11-24T08:10Z = 09:10 Berlin -> today's first slot 10:00
 *   now 2026-11-24T09:10Z = 10:10 Berlin -> today's first slot 10:30
 *   now 2026-11-24T13:30Z = 14:30 Berlin -> 14:30 is starting now, so the first slot is 15:00
 *   now 2026-11-24T19:45Z = 20:45 Berlin -> nothing left today; the row still shows the day
 * Wire format: date keys are `day_month_year` without padding (`5_1_2027`), times `HH:mm`.
 */

export const FIRST_SLOT_MINUTES = 10 * 60;
export const LAST_SLOT_MINUTES = 20 * 60 + 30;
export const SLOT_MINUTES = 30;
export const BOOKING_WINDOW_DAYS = 7;

/** A day on the calendar, with no time and no zone. `month` is 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** One day of the booking row with the starts still free on it. */
export interface SlotDay extends CalendarDate {
  /** `day_month_year`, the wire form. */
  key: string;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  /** Free `HH:mm` starts, in order; empty when the day is full or over. */
  times: string[];
}

/** Every start on the grid: `10:00`, `10:30`, ... `20:30`. */
export const SLOT_TIMES: readonly string[] = Array.from(
  { length: (LAST_SLOT_MINUTES - FIRST_SLOT_MINUTES) / SLOT_MINUTES + 1 },
  (_, i) => minutesToTime(FIRST_SLOT_MINUTES + i * SLOT_MINUTES),
);

function minutesToTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is an IANA name this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    wallClockFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date and minutes past midnight (with seconds as a fraction) in `timeZone` at `now`. */
export function clinicWallClock(now: Date, timeZone: string): CalendarDate & { minutes: number } {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(now)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const get = (name: string): number => parts[name] ?? 0;
  const minutes = get('hour') * 60 + get('minute') + (get('second') + now.getUTCMilliseconds() / 1000) / 60;
  return { year: get('year'), month: get('month'), day: get('day'), minutes };
}

/** `{2027, 1, 5}` -> `5_1_2027`. */
export function toDateKey(date: CalendarDate): string {
  return `${date.day}_${date.month}_${date.year}`;
}

/** `5_1_2027` -> `{2027, 1, 5}`; `null` for anything that is not a real day in that exact form. */
export function parseDateKey(key: string): CalendarDate | null {
  const match = /^([1-9]\d?)_([1-9]\d?)_(\d{4})$/.exec(key);
  if (!match) return null;
  const date = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const real =
    check.getUTCFullYear() === date.year && check.getUTCMonth() === date.month - 1 && check.getUTCDate() === date.day;
  return real ? date : null;
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

function weekdayOf(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * The booking row: {@link BOOKING_WINDOW_DAYS} days from today in the clinic zone, each with its
 * free starts. `booked` maps date keys to taken times (a doctor's `slots_booked`).
 */
export function generateSlotDays(options: {
  now: Date;
  timeZone: string;
  booked?: Record<string, readonly string[]>;
}): SlotDay[] {
  const { now, timeZone, booked = {} } = options;
  const clock = clinicWallClock(now, timeZone);
  return Array.from({ length: BOOKING_WINDOW_DAYS }, (_, offset) => {
    const date = addDays(clock, offset);
    const key = toDateKey(date);
    const taken = new Set(booked[key] ?? []);
    const times = SLOT_TIMES.filter(
      (time) => !taken.has(time) && (offset > 0 || minutesOf(time) > clock.minutes),
    );
    return { ...date, key, weekday: weekdayOf(date), times };
  });
}

export type SlotProblem = 'invalid-date' | 'invalid-time' | 'past' | 'too-far';

export type SlotCheck = { ok: true } | { ok: false; problem: SlotProblem; message: string };

/**
 * Whether a requested start may be booked at `now` (ignoring whether it is taken: the database
 * decides that). Used by the API on every booking, so the screen and the server agree.
 */
export function checkSlot(options: { slotDate: string; slotTime: string; now: Date; timeZone: string }): SlotCheck {
  const date = parseDateKey(options.slotDate);
  if (!date) return { ok: false, problem: 'invalid-date', message: MESSAGES.slotInvalidDate };
  if (!SLOT_TIMES.includes(options.slotTime)) {
    return { ok: false, problem: 'invalid-time', message: MESSAGES.slotInvalidTime };
  }
  const clock = clinicWallClock(options.now, options.timeZone);
  const offset = Math.round(
    (Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(clock.year, clock.month - 1, clock.day)) / 86_400_000,
  );
  if (offset < 0 || (offset === 0 && minutesOf(options.slotTime) <= clock.minutes)) {
    return { ok: false, problem: 'past', message: MESSAGES.slotInPast };
  }
  if (offset >= BOOKING_WINDOW_DAYS) return { ok: false, problem: 'too-far', message: MESSAGES.slotTooFarAhead };
  return { ok: true };
}

/** `{2027, 1, 5}` -> `2027-01-05`. */
export function toIsoDate(date: CalendarDate): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** `YYYY-MM-DD` of the clinic's calendar day at `now` (e.g. "today" for the date-of-birth rule). */
export function clinicToday(now: Date, timeZone: string): string {
  return toIsoDate(clinicWallClock(now, timeZone));
}

/** Sortable form of a booked slot, `2027-01-05T14:30`, for ordering appointments. */
export function slotSortKey(slotDate: string, slotTime: string): string {
  const date = parseDateKey(slotDate);
  return date ? `${toIsoDate(date)}T${slotTime}` : '';
}
