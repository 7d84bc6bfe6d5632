import { MESSAGES } from './messages';
import { DEFAULT_SCHEDULE, gridMinutes, timeOffOn, weekdayName, type Schedule } from './schedule';

/**
 * Appointment slots, in the clinic's time zone, as pure functions of `now` and the zone.
 *
 * The grid: half-hour starts within the doctor's weekly hours (`schedule.ts`); by default every
 * day from 10:00 to 20:30 (the last one ends at 21:00).
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
  /** Free `HH:mm` starts, in order; empty when the day is full, over, or not worked. */
  times: string[];
  /** `false` when the doctor has no hours this day (weekly hours or time off): not the same as full. */
  working: boolean;
  /** `true` when the day is in the doctor's time off. */
  timeOff: boolean;
}

/** Every start of the default day (10:00-21:00): `10:00`, `10:30`, ... `20:30`. */
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

/** Zones whose clock is UTC's all year: read with `Date`'s own UTC fields, no `Intl` (see format.ts). */
const UTC_ZONES = new Set(['UTC', 'Etc/UTC']);

/** The calendar date and minutes past midnight (with seconds as a fraction) in `timeZone` at `now`. */
export function clinicWallClock(now: Date, timeZone: string): CalendarDate & { minutes: number } {
  const parts: Record<string, number> = {};
  if (UTC_ZONES.has(timeZone)) {
    Object.assign(parts, {
      year: now.getUTCFullYear(),
      month: now.getUTCMonth() + 1,
      day: now.getUTCDate(),
      hour: now.getUTCHours(),
      minute: now.getUTCMinutes(),
      second: now.getUTCSeconds(),
    });
  } else {
    for (const part of wallClockFormatter(timeZone).formatToParts(now)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
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
 * From a clinic wall-clock time to the instant it happens, the inverse of `clinicWallClock`.
 *
 * Start from the wall time read as if it were UTC, see what the zone's clock shows at that instant,
 * and move by the difference; a second pass settles a guess that landed across a DST change.
 * Worked examples, clinic in Europe/Berlin:
 *   24 Nov 2026 14:30 (UTC+1)  -> 2026-11-24T13:30Z
 *   29 Mar 2026 10:00 (clocks went forward at 02:00 that night, UTC+2) -> 2026-03-29T08:00Z
 *   28 Mar 2026 10:00 (still UTC+1) -> 2026-03-28T09:00Z
 * A wall time the zone skips (02:30 on 29 Mar 2026 in Berlin) comes back as an instant whose wall
 * clock reads differently; `slotStartsOn` uses that to leave such starts out.
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

const changeDays = new Map<string, boolean>();

/** True when the zone's clock moves (DST) on `date`: the day is not 24 hours long. Memoised. */
function isClockChangeDay(date: CalendarDate, timeZone: string): boolean {
  const key = `${timeZone}|${toDateKey(date)}`;
  let changes = changeDays.get(key);
  if (changes === undefined) {
    const length = clinicTimeToInstant(addDays(date, 1), 0, timeZone).getTime() - clinicTimeToInstant(date, 0, timeZone).getTime();
    changes = length !== 86_400_000;
    if (changeDays.size > 10_000) changeDays.clear();
    changeDays.set(key, changes);
  }
  return changes;
}

/** The schedule's starts on a day before bookings and the clock: every half hour of each range that fits whole. */
function scheduledStarts(schedule: Schedule, date: CalendarDate): string[] {
  const starts: string[] = [];
  for (const range of schedule.weekly[weekdayName(weekdayOf(date))]) {
    const end = gridMinutes(range.end, { end: true }) ?? 0;
    for (let m = gridMinutes(range.start) ?? end; m + SLOT_MINUTES <= end; m += SLOT_MINUTES) starts.push(minutesToTime(m));
  }
  return starts;
}

/**
 * One day of the row: the schedule's starts that exist on the clock that day, are not booked, and
 * (today) start strictly after now. On an ordinary day the wall clock is compared directly; on a
 * DST day each start is placed on the timeline, so a start the clock skips is not offered (02:00
 * and 02:30 on 28 March 2027 in Berlin) and a repeated hour is offered once, meaning its second
 * pass (the instant `clinicTimeToInstant` gives, which the calendar file and "has it started" use).
 * Worked example, Berlin 25 Oct 2026 (clocks go back at 03:00 to 02:00), hours 01:00-04:00: at
 * 00:40Z (02:40 CEST, first pass) 02:00 and 02:30 are still ahead (01:00Z, 01:30Z); at 01:40Z
 * (02:40 CET, second pass) 03:00 is next.
 */
function slotStartsOn(options: {
  date: CalendarDate;
  isToday: boolean;
  now: Date;
  timeZone: string;
  clockMinutes: number;
  schedule: Schedule;
  taken: ReadonlySet<string>;
}): string[] {
  const { date, isToday, now, timeZone, clockMinutes, schedule, taken } = options;
  const starts = scheduledStarts(schedule, date).filter((time) => !taken.has(time));
  if (!isClockChangeDay(date, timeZone)) {
    return isToday ? starts.filter((time) => minutesOf(time) > clockMinutes) : starts;
  }
  return starts.filter((time) => {
    const instant = clinicTimeToInstant(date, minutesOf(time), timeZone);
    const shown = clinicWallClock(instant, timeZone);
    const exists = shown.day === date.day && Math.round(shown.minutes) === minutesOf(time);
    return exists && (!isToday || instant.getTime() > now.getTime());
  });
}

/**
 * The booking row: {@link BOOKING_WINDOW_DAYS} days from today in the clinic zone, each with its
 * free starts. `booked` maps date keys to taken times (a doctor's `slots_booked`); `schedule` is
 * the doctor's hours and time off ({@link DEFAULT_SCHEDULE}, 10:00-21:00 daily, when absent).
 * A day the doctor does not work has `working: false` (and `timeOff` when it is leave), so the
 * screen can say so instead of showing a full day.
 */
export function generateSlotDays(options: {
  now: Date;
  timeZone: string;
  booked?: Record<string, readonly string[]>;
  schedule?: Schedule;
}): SlotDay[] {
  const { now, timeZone, booked = {}, schedule = DEFAULT_SCHEDULE } = options;
  const clock = clinicWallClock(now, timeZone);
  return Array.from({ length: BOOKING_WINDOW_DAYS }, (_, offset) => {
    const date = addDays(clock, offset);
    const key = toDateKey(date);
    const base = { ...date, key, weekday: weekdayOf(date) };
    if (timeOffOn(schedule, toIsoDate(date))) return { ...base, times: [], working: false, timeOff: true };
    if (scheduledStarts(schedule, date).length === 0) return { ...base, times: [], working: false, timeOff: false };
    const taken = new Set(booked[key] ?? []);
    const times = slotStartsOn({ date, isToday: offset === 0, now, timeZone, clockMinutes: clock.minutes, schedule, taken });
    return { ...base, times, working: true, timeOff: false };
  });
}

/** Why a day of the row offers no time, in the words every screen uses: away, not a working day, or none left. */
export function emptyDayMessage(day: Pick<SlotDay, 'working' | 'timeOff'>): string {
  if (day.timeOff) return MESSAGES.doctorAway;
  return day.working ? MESSAGES.noSlotsLeft : MESSAGES.doctorNotWorking;
}

/** The day strip's word under a day the doctor does not work (`Away` for time off, `Off`), else `null`. */
export function dayOffLabel(day: Pick<SlotDay, 'working' | 'timeOff'>): 'Away' | 'Off' | null {
  if (day.working) return null;
  return day.timeOff ? 'Away' : 'Off';
}

export type SlotProblem = 'invalid-date' | 'invalid-time' | 'past' | 'too-far' | 'outside-hours' | 'time-off';

export type SlotCheck = { ok: true } | { ok: false; problem: SlotProblem; message: string };

/**
 * Whether a requested start may be booked at `now` with the doctor's `schedule` (ignoring whether
 * it is taken: the database decides that). Used by the API on every booking and reschedule, and
 * built on the same day rule as `generateSlotDays`, so the screen and the server agree.
 */
export function checkSlot(options: { slotDate: string; slotTime: string; now: Date; timeZone: string; schedule?: Schedule }): SlotCheck {
  const { slotTime, now, timeZone, schedule = DEFAULT_SCHEDULE } = options;
  const date = parseDateKey(options.slotDate);
  if (!date) return { ok: false, problem: 'invalid-date', message: MESSAGES.slotInvalidDate };
  if (gridMinutes(slotTime) === null) return { ok: false, problem: 'invalid-time', message: MESSAGES.slotInvalidTime };
  const clock = clinicWallClock(now, timeZone);
  const offset = Math.round(
    (Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(clock.year, clock.month - 1, clock.day)) / 86_400_000,
  );
  if (offset < 0) return { ok: false, problem: 'past', message: MESSAGES.slotInPast };
  if (offset >= BOOKING_WINDOW_DAYS) return { ok: false, problem: 'too-far', message: MESSAGES.slotTooFarAhead };
  if (timeOffOn(schedule, toIsoDate(date))) return { ok: false, problem: 'time-off', message: MESSAGES.slotDoctorAway };
  const open = slotStartsOn({ date, isToday: false, now, timeZone, clockMinutes: 0, schedule, taken: new Set() });
  if (!open.includes(slotTime)) return { ok: false, problem: 'outside-hours', message: MESSAGES.slotOutsideHours };
  if (offset === 0 && !slotStartsOn({ date, isToday: true, now, timeZone, clockMinutes: clock.minutes, schedule, taken: new Set() }).includes(slotTime)) {
    return { ok: false, problem: 'past', message: MESSAGES.slotInPast };
  }
  return { ok: true };
}

/**
 * Whether a booked start lies within `schedule` whatever the date (not on time off, on one of the
 * day's scheduled starts that the clock has). When staff change a schedule, the upcoming
 * appointments for which this is false are its conflicts.
 */
export function slotFitsSchedule(schedule: Schedule, slotDate: string, slotTime: string, timeZone: string): boolean {
  const date = parseDateKey(slotDate);
  if (!date || gridMinutes(slotTime) === null || timeOffOn(schedule, toIsoDate(date))) return false;
  return slotStartsOn({ date, isToday: false, now: new Date(0), timeZone, clockMinutes: 0, schedule, taken: new Set() }).includes(slotTime);
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
