import { clinicToday, MESSAGES } from '@carebook/shared';
import type { Queryable } from '../db/db';
import { countCountingMisses } from '../repositories/no-shows-repository';
import { HttpError } from './http-error';

/** NO_SHOW_LIMIT missed visits within NO_SHOW_WINDOW_DAYS stop online booking; a limit of 0 is off. */
export interface NoShowPolicy {
  noShowLimit: number;
  noShowWindowDays: number;
}

/** First day of the window: `2026-11-24` with 90 days -> `2026-08-26`. */
function windowStart(now: Date, timeZone: string, days: number): string {
  const today = new Date(`${clinicToday(now, timeZone)}T00:00:00Z`);
  return new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether the policy stops this patient's online booking now. */
export async function isBookingStopped(db: Queryable, userId: string, policy: NoShowPolicy, now: Date, timeZone: string): Promise<boolean> {
  if (policy.noShowLimit === 0) return false;
  const misses = await countCountingMisses(db, userId, windowStart(now, timeZone, policy.noShowWindowDays));
  return misses >= policy.noShowLimit;
}

/** 403 with the message telling the patient to call the clinic, when the policy stops them. */
export async function refuseStoppedBooking(db: Queryable, userId: string, policy: NoShowPolicy, now: Date, timeZone: string): Promise<void> {
  if (await isBookingStopped(db, userId, policy, now, timeZone)) throw new HttpError(403, MESSAGES.bookingStoppedNoShows);
}

/** Whether CANCEL_CUTOFF_HOURS closes online cancel and move of a visit starting at `start`. */
export function isWithinCutoff(start: Date, now: Date, cutoffHours: number): boolean {
  return cutoffHours > 0 && start.getTime() - now.getTime() < cutoffHours * 3_600_000;
}
