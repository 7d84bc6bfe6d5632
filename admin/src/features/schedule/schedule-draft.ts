import { validateSchedule, WEEKDAY_NAMES, WEEKDAYS, type Schedule, type Weekday } from '@carebook/shared';


const pad = (n: number): string => String(n).padStart(2, '0');
const halfHour = (i: number): string => `${pad(Math.floor(i / 2))}:${i % 2 ? '30' : '00'}`;

/** The choices of a range's start (00:00 ... 23:30) and end (00:30 ... 24:00): only the half-hour grid. */
export const START_TIMES: readonly string[] = Array.from({ length: 48 }, (_, i) => halfHour(i));
export const END_TIMES: readonly string[] = Array.from({ length: 48 }, (_, i) => halfHour(i + 1));

/** A new range for a day: the hour after the day's last one (to midnight at most), else the clinic's usual hours. */
export function nextRange(schedule: Schedule, day: Weekday): { start: string; end: string } {
  const last = schedule.weekly[day].at(-1);
  const from = last ? START_TIMES.indexOf(last.end) : -1;
  if (from >= 0) return { start: START_TIMES[from] as string, end: END_TIMES[Math.min(from + 1, 47)] as string };
  return { start: '10:00', end: '21:00' };
}

/**
 * The problem with a draft, in the editor's words: the shared rules name fields the way the API
 * does (`weekly.mon[1].end`); staff read "Monday, hours 2, end".
 */
export function draftProblem(schedule: Schedule): string | null {
  const checked = validateSchedule(schedule);
  if (checked.ok) return null;
  return checked.message
    .replace(/weekly\.(\w{3})\[(\d+)\](?:\.(start|end))?/g, (_, day: string, at: string, part?: string) =>
      `${WEEKDAY_NAMES[day as Weekday] ?? day}, hours ${Number(at) + 1}${part ? `, ${part}` : ''}`,
    )
    .replace(/timeOff\[(\d+)\](?:\.(from|to))?/g, (_, at: string, part?: string) => `Time off ${Number(at) + 1}${part ? `, ${part}` : ''}`);
}

/** A short summary of a day's hours: `09:00-12:00, 14:00-18:00`, or `No hours`. */
export function dayHours(schedule: Schedule, day: Weekday): string {
  const ranges = schedule.weekly[day];
  return ranges.length ? ranges.map((r) => `${r.start}-${r.end}`).join(', ') : 'No hours';
}

export { WEEKDAYS };
