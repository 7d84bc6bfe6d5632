import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { slotInterval } from '@carebook/shared';
import type { OwnAppointmentRow } from '../repositories/patient-appointment-repository';

/** The same for every download of one appointment, so a calendar updates its event instead of adding one. */
export function calendarUid(appointmentId: string): string {
  return `${appointmentId}@carebook`;
}

/**
 * One appointment as an RFC 5545 calendar with one VEVENT (ical-generator does the CRLF lines,
 * folding at 75 octets and the escaping of `,` `;` `\`). Times are UTC instants (`...Z`) worked
 * out from the clinic's wall clock, so every calendar app shows the right local time.
 * SEQUENCE grows with every move and with a cancellation, so a re-import replaces the old event.
 * `null` when the stored slot cannot be read (never for rows this API wrote).
 */
export function appointmentCalendar(row: OwnAppointmentRow, timeZone: string, now: Date): string | null {
  const interval = slotInterval(row.slot_date, row.slot_time, timeZone);
  if (!interval) return null;
  const doctor = row.doc_data;
  const address = [doctor.address.line1, doctor.address.line2].map((line) => line.trim()).filter(Boolean).join(', ');
  const calendar = ical({
    prodId: { company: 'CareBook', product: 'Appointments', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: calendarUid(row.id),
    start: interval.start,
    end: interval.end,
    stamp: now,
    sequence: row.revision + (row.cancelled ? 1 : 0),
    status: row.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: `Appointment with ${doctor.name}`,
    location: address || null,
    description: `${doctor.specialization} appointment booked with CareBook (30 minutes).`,
  });
  // RFC 5545 ends every content line, the last one too, with CRLF; the library leaves the last bare.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
