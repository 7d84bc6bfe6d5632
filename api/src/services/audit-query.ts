import { clinicTimeToInstant, MESSAGES } from '@carebook/shared';
import type { AuditFilter } from './audit';
import { HttpError } from '../lib/http-error';

const MAX_LIMIT = 200;
const DEFAULT_LIMIT = 50;
const ID = /^[A-Za-z0-9_@.+-]{1,200}$/;

type AuditQuery = Partial<Record<'patientId' | 'docId' | 'appointmentId' | 'action' | 'day' | 'before' | 'limit', string>>;

/**
 * Staff's activity filters from the query string. `day` (`YYYY-MM-DD`) is a day of the clinic's
 * calendar: in Europe/Berlin in winter, 2026-11-24 is 2026-11-23T23:00Z up to 2026-11-24T23:00Z.
 * Empty values mean "any"; anything malformed is a 400, so a typo never silently widens the list.
 */
export function auditFilter(query: AuditQuery, timeZone: string): AuditFilter {
  const text = (name: keyof AuditQuery): string | undefined => {
    const value = query[name]?.trim();
    return value === '' ? undefined : value;
  };
  const bad = (): never => {
    throw new HttpError(400, MESSAGES.invalidAuditFilter);
  };
  const filter: AuditFilter = { limit: DEFAULT_LIMIT };
  for (const [name, key] of [['patientId', 'patientId'], ['docId', 'doctorId'], ['appointmentId', 'appointmentId'], ['action', 'action']] as const) {
    const value = text(name);
    if (value === undefined) continue;
    if (!ID.test(value)) bad();
    filter[key] = value;
  }
  const day = text('day');
  if (day !== undefined) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) ?? bad();
    const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const utc = new Date(Date.UTC(year, month - 1, date));
    if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) bad();
    const next = new Date(utc.getTime() + 86_400_000);
    filter.from = clinicTimeToInstant({ year, month, day: date }, 0, timeZone);
    filter.to = clinicTimeToInstant({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, 0, timeZone);
  }
  const whole = (name: 'before' | 'limit', min: number, max: number): number | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) bad();
    return n;
  };
  filter.before = whole('before', 1, Number.MAX_SAFE_INTEGER);
  filter.limit = whole('limit', 1, MAX_LIMIT) ?? DEFAULT_LIMIT;
  return filter;
}
