import { parseDateKey, type CalendarDate } from './slots';

/**
 * How dates and times read on every screen, in one place. The wire stays `D_M_YYYY` / `HH:mm` in
 * the clinic's zone; only the display follows the site's locale convention (en-US: 12-hour
 * clock; docs/product.md, "Slot rules"). Calendar dates are read at UTC noon, so the browser's own
 * zone never moves a day.
 *
 * The site's own formats are spelled here, not asked of `Intl`: a page's first `Intl` formatter
 * costs 35-90 ms in Chromium (its ICU data is loaded then; 4x that on a slow phone), which a
 * server-rendered page would pay while the patient taps; and the server's ICU and the browser's
 * always produce the same text for hydration. Another locale's clock still comes from `Intl`.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** As en-GB shortens them (CLDR): `Sept`, not `Sep`. */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function utcNoon(date: CalendarDate): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day, 12));
}

const weekdayOf = (date: CalendarDate): string => WEEKDAYS[utcNoon(date).getUTCDay()] ?? '';
const monthOf = (date: CalendarDate): string => MONTHS[date.month - 1] ?? '';
const shortMonthOf = (date: CalendarDate): string => SHORT_MONTHS[date.month - 1] ?? '';

/** `2:30 PM` from the wire's `14:30` (en-US); other locales get their own clock. */
export function formatTime(time: string, locale = 'en-US'): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  if (locale === 'en-US') return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
    timeFormats.set(locale, format);
  }
  // ICU puts a narrow no-break space before AM/PM; a plain space reads and matches the same.
  return format.format(new Date(Date.UTC(2000, 0, 1, hours, Number(match[2])))).replace(/\u202f/g, ' ');
}

/** `Tuesday 24 November`. */
export function formatLongDay(date: CalendarDate): string {
  return `${weekdayOf(date)} ${date.day} ${monthOf(date)}`;
}

/** `Tue`. */
export function formatWeekdayShort(date: CalendarDate): string {
  return weekdayOf(date).slice(0, 3);
}

/** `{ weekday: 'Tue', day: '24', month: 'Nov' }`: the three lines of a day in the booking strip. */
export function dayParts(date: CalendarDate): { weekday: string; day: string; month: string } {
  return { weekday: formatWeekdayShort(date), day: String(date.day), month: shortMonthOf(date) };
}

/** `Tue 24 Nov`: a day in the strip and the summary bar. */
export function formatShortDay(date: CalendarDate): string {
  const { weekday, day, month } = dayParts(date);
  return `${weekday} ${day} ${month}`;
}

/** `Tuesday 24 November, 2:30 PM`. */
export function formatSlotLabel(date: CalendarDate, time: string, locale = 'en-US'): string {
  return `${formatLongDay(date)}, ${formatTime(time, locale)}`;
}

/** `Tue 24 Nov 2026, 2:30 PM` for a booked `slotDate`/`slotTime` pair; the raw text if the key is bad. */
export function formatAppointmentTime(slotDate: string, slotTime: string, locale = 'en-US'): string {
  const date = parseDateKey(slotDate);
  if (!date) return `${slotDate} ${slotTime}`;
  return `${formatShortDay(date)} ${date.year}, ${formatTime(slotTime, locale)}`;
}
