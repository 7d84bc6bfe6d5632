import { formatLongDay, formatTime, parseDateKey } from '@carebook/shared';

/** `{ date: 'Wednesday 25 November', time: '2:30 PM' }` for a booked `slotDate`/`slotTime`. */
export function formatWhen(slotDate: string, slotTime: string): { date: string; time: string } {
  const day = parseDateKey(slotDate);
  return { date: day ? formatLongDay(day) : slotDate, time: formatTime(slotTime) };
}
