/**
 * A doctor's schedule: weekly hours (zero or more ranges per weekday, on the half-hour grid, in
 * the clinic's zone) and time off (whole days, inclusive, in the clinic's calendar). The slot
 * rules (`slots.ts`) turn it into bookable starts; `validateSchedule` checks one sent by staff.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Each weekday's full name (en-US), for labels patients and staff read. */
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** `HH:mm` to `HH:mm` in the clinic's zone; the end is exclusive and may be `24:00`. */
export interface TimeRange {
  start: string;
  end: string;
}

/** `YYYY-MM-DD` to `YYYY-MM-DD`, both days included. */
export interface DateRange {
  from: string;
  to: string;
}

export interface Schedule {
  weekly: Record<Weekday, TimeRange[]>;
  timeOff: DateRange[];
}

/** At most this many ranges on one weekday and this many time-off ranges (a sane form, a small row). */
export const SCHEDULE_LIMITS = { rangesPerDay: 12, timeOffRanges: 100 } as const;

/** Every doctor's schedule until staff change it: 10:00-21:00 every day, no time off. */
export const DEFAULT_SCHEDULE: Schedule = Object.freeze({
  weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '10:00', end: '21:00' }]])) as Record<Weekday, TimeRange[]>,
  timeOff: [],
});

/** `Weekday` of a JavaScript day number (0 = Sunday ... 6 = Saturday). */
export function weekdayName(jsDay: number): Weekday {
  return WEEKDAYS[(jsDay + 6) % 7] as Weekday;
}

/** Minutes past midnight of `HH:mm` on the half-hour grid (`24:00` allowed when `end`), else `null`. */
export function gridMinutes(time: string, options: { end?: boolean } = {}): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) % 30 !== 0) return null;
  const max = options.end ? 24 * 60 : 24 * 60 - 30;
  const min = options.end ? 30 : 0;
  return minutes >= min && minutes <= max ? minutes : null;
}

/** True when `iso` (`YYYY-MM-DD`) is a real calendar day. */
export function isIsoDay(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/** The time-off range covering `iso` (`YYYY-MM-DD`), if any. */
export function timeOffOn(schedule: Schedule, iso: string): DateRange | undefined {
  return schedule.timeOff.find((range) => range.from <= iso && iso <= range.to);
}

/** The words of every refusal; each names the field it is about (`weekly.mon[1].end`). */
export const SCHEDULE_MESSAGES = {
  notObject: 'The schedule must be an object with weekly and timeOff',
  weeklyNotObject: 'weekly must be an object with a list of ranges per weekday (mon ... sun)',
  unknownWeekday: (key: string) => `weekly.${key} is not a weekday: use mon, tue, wed, thu, fri, sat or sun`,
  dayNotList: (day: string) => `weekly.${day} must be a list of { start, end } ranges`,
  tooManyRanges: (day: string) => `weekly.${day} may have at most ${SCHEDULE_LIMITS.rangesPerDay} ranges`,
  rangeNotObject: (field: string) => `${field} must be an object with start and end`,
  offGrid: (field: string) => `${field} must be a time on the half-hour grid, such as 09:00 or 13:30`,
  offGridEnd: (field: string) => `${field} must be a time on the half-hour grid, such as 12:00 or 24:00`,
  endBeforeStart: (field: string, start: string) => `${field} must be after the range's start (${start})`,
  overlap: (field: string, other: string, range: TimeRange) => `${field} overlaps ${other} (${range.start}-${range.end})`,
  timeOffNotList: 'timeOff must be a list of { from, to } day ranges',
  tooManyTimeOff: `timeOff may have at most ${SCHEDULE_LIMITS.timeOffRanges} ranges`,
  timeOffNotObject: (field: string) => `${field} must be an object with from and to`,
  notADay: (field: string) => `${field} must be a real day written as YYYY-MM-DD`,
  fromAfterTo: (field: string, to: string) => `${field} must not be after the range's to (${to})`,
} as const;

export type ScheduleCheck = { ok: true; schedule: Schedule } | { ok: false; field: string; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkDay(day: Weekday, value: unknown): { ranges: TimeRange[] } | { field: string; message: string } {
  const field = `weekly.${day}`;
  if (!Array.isArray(value)) return { field, message: SCHEDULE_MESSAGES.dayNotList(day) };
  if (value.length > SCHEDULE_LIMITS.rangesPerDay) return { field, message: SCHEDULE_MESSAGES.tooManyRanges(day) };
  const ranges: Array<TimeRange & { at: number; from: number; until: number }> = [];
  for (const [at, item] of value.entries()) {
    const here = `${field}[${at}]`;
    if (!isRecord(item)) return { field: here, message: SCHEDULE_MESSAGES.rangeNotObject(here) };
    const start = typeof item.start === 'string' ? item.start : '';
    const end = typeof item.end === 'string' ? item.end : '';
    const from = gridMinutes(start);
    if (from === null) return { field: `${here}.start`, message: SCHEDULE_MESSAGES.offGrid(`${here}.start`) };
    const until = gridMinutes(end, { end: true });
    if (until === null) return { field: `${here}.end`, message: SCHEDULE_MESSAGES.offGridEnd(`${here}.end`) };
    if (until <= from) return { field: `${here}.end`, message: SCHEDULE_MESSAGES.endBeforeStart(`${here}.end`, start) };
    const clash = ranges.find((other) => from < other.until && other.from < until);
    if (clash) {
      return { field: here, message: SCHEDULE_MESSAGES.overlap(here, `${field}[${clash.at}]`, clash) };
    }
    ranges.push({ start, end, at, from, until });
  }
  return { ranges: ranges.sort((a, b) => a.from - b.from).map(({ start, end }) => ({ start, end })) };
}

/**
 * Checks a schedule as sent by staff (any JSON) and returns it tidied (every weekday present,
 * ranges in order), or the first problem with the field it is in. A weekday left out has no
 * hours. Ranges that touch (09:00-12:00, 12:00-14:00) are fine; overlapping ones are not.
 */
export function validateSchedule(input: unknown): ScheduleCheck {
  if (!isRecord(input)) return { ok: false, field: '', message: SCHEDULE_MESSAGES.notObject };
  if (!isRecord(input.weekly)) return { ok: false, field: 'weekly', message: SCHEDULE_MESSAGES.weeklyNotObject };
  const weekly = input.weekly;
  const unknown = Object.keys(weekly).find((key) => !(WEEKDAYS as readonly string[]).includes(key));
  if (unknown !== undefined) return { ok: false, field: `weekly.${unknown}`, message: SCHEDULE_MESSAGES.unknownWeekday(unknown) };
  const tidy = {} as Record<Weekday, TimeRange[]>;
  for (const day of WEEKDAYS) {
    const checked = checkDay(day, weekly[day] ?? []);
    if ('message' in checked) return { ok: false, ...checked };
    tidy[day] = checked.ranges;
  }
  const timeOffInput = input.timeOff ?? [];
  if (!Array.isArray(timeOffInput)) return { ok: false, field: 'timeOff', message: SCHEDULE_MESSAGES.timeOffNotList };
  if (timeOffInput.length > SCHEDULE_LIMITS.timeOffRanges) return { ok: false, field: 'timeOff', message: SCHEDULE_MESSAGES.tooManyTimeOff };
  const timeOff: DateRange[] = [];
  for (const [at, item] of timeOffInput.entries()) {
    const here = `timeOff[${at}]`;
    if (!isRecord(item)) return { ok: false, field: here, message: SCHEDULE_MESSAGES.timeOffNotObject(here) };
    const from = typeof item.from === 'string' ? item.from : '';
    const to = typeof item.to === 'string' ? item.to : '';
    if (!isIsoDay(from)) return { ok: false, field: `${here}.from`, message: SCHEDULE_MESSAGES.notADay(`${here}.from`) };
    if (!isIsoDay(to)) return { ok: false, field: `${here}.to`, message: SCHEDULE_MESSAGES.notADay(`${here}.to`) };
    if (from > to) return { ok: false, field: `${here}.from`, message: SCHEDULE_MESSAGES.fromAfterTo(`${here}.from`, to) };
    timeOff.push({ from, to });
  }
  timeOff.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  return { ok: true, schedule: { weekly: tidy, timeOff } };
}
