import { MESSAGES } from '@carebook/shared';
import { HttpError } from './http-error';
import type { AppointmentFilter, AppointmentStatusFilter } from '../repositories/appointments-repository';

const STATUSES: readonly AppointmentStatusFilter[] = ['upcoming', 'completed', 'cancelled'];

function isRealDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The admin appointments list's query string (its types checked by the route's schema): `docId`,
 * `from` and `to` (`YYYY-MM-DD`, inclusive, clinic calendar days) and `status`. Empty values mean
 * "any"; anything else malformed is a 400, so a typo never silently widens the list.
 */
export function appointmentFilter(query: Partial<Record<'docId' | 'from' | 'to' | 'status', string>>): AppointmentFilter {
  const text = (name: keyof typeof query): string | undefined => {
    const value = query[name]?.trim();
    return value === '' ? undefined : value;
  };
  const filter: AppointmentFilter = {};
  const doctorId = text('docId');
  if (doctorId !== undefined) {
    if (doctorId.length > 100) throw new HttpError(400, MESSAGES.badRequest);
    filter.doctorId = doctorId;
  }
  for (const [name, key] of [['from', 'fromDay'], ['to', 'toDay']] as const) {
    const day = text(name);
    if (day === undefined) continue;
    if (!isRealDay(day)) throw new HttpError(400, MESSAGES.invalidDateFilter);
    filter[key] = day;
  }
  const status = text('status');
  if (status !== undefined) {
    if (!(STATUSES as readonly string[]).includes(status)) throw new HttpError(400, MESSAGES.invalidStatusFilter);
    filter.status = status as AppointmentStatusFilter;
  }
  return filter;
}
