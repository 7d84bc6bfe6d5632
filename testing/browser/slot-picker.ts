import type { Page } from 'playwright-core';
import { formatShortDay, formatTime, generateSlotDays, type CalendarDate, type SlotDay } from '@carebook/shared';

/** A day in the booking strip, named by what it shows: `Tue 24 Nov`. */
export function dayChoice(page: Page, day: CalendarDate) {
  return page.getByRole('radiogroup', { name: 'Day', exact: true }).getByRole('radio', { name: formatShortDay(day), exact: true });
}

/** A time of the chosen day, named by what it shows: `2:30 PM` for the wire's `14:30`. */
export function timeChoice(page: Page, time: string) {
  return page.getByRole('radiogroup', { name: /^Times on / }).getByRole('radio', { name: formatTime(time), exact: true });
}

/** Chooses `time` on `day` on a doctor's page, the way a patient does, and waits for the summary. */
export async function pickSlot(page: Page, day: CalendarDate, time: string): Promise<void> {
  await dayChoice(page, day).click();
  await timeChoice(page, time).click();
  await selectedSummary(page, day, time).waitFor();
}

/** The line beside Book that says which slot is chosen: `Selected: Tue 24 Nov · 2:30 PM`. */
export function selectedSummary(page: Page, day: CalendarDate, time: string) {
  return page.getByText(`Selected: ${formatShortDay(day)} · ${formatTime(time)}`, { exact: true });
}

/** Tomorrow in the clinic's zone, as the slot strip shows it (the browser's own zone may differ). */
export function clinicTomorrow(timeZone: string): SlotDay {
  const day = generateSlotDays({ now: new Date(), timeZone })[1];
  if (!day) throw new Error('no tomorrow');
  return day;
}
