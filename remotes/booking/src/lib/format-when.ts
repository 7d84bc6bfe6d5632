import { formatLongDay, parseDateKey } from '@carebook/shared';

/** `14:30` -> `2:30 PM` (en-US convention; the wire keeps 24-hour). */
export function formatTime12h(time: string): string {
  const hours = Number(time.slice(0, 2));
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${time.slice(3, 5)} ${suffix}`;
}

/** `{ date: 'Wednesday 25 November', time: '2:30 PM' }` for a booked `slotDate`/`slotTime`. */
export function formatWhen(slotDate: string, slotTime: string): { date: string; time: string } {
  const day = parseDateKey(slotDate);
  return { date: day ? formatLongDay(day) : slotDate, time: formatTime12h(slotTime) };
}
