import type { Queryable } from '../db/db';
import {
  type AppointmentFacts,
  bookedMail,
  type CancelledBy,
  cancelledMail,
  type MailSettings,
  movedMail,
  reminderMail,
  strandedMail,
} from '../lib/mail-templates';
import {
  type AppointmentMailRow,
  enqueueMail,
  findAppointmentForMail,
  skipPendingReminders,
} from '../repositories/mail-outbox-repository';

function factsOf(row: AppointmentMailRow): AppointmentFacts {
  return {
    appointmentId: row.id,
    patientName: row.user_name,
    doctor: row.doc_data,
    slotDate: row.slot_date,
    slotTime: row.slot_time,
    revision: row.revision,
    cancelled: row.cancelled,
  };
}

/**
 * Queues the emails an appointment change sends, inside the change's own transaction (`tx`): the
 * email exists exactly when the change committed. Each is keyed by kind, appointment and revision,
 * so a retried or repeated call queues nothing new.
 */
export function createAppointmentMail(settings: { timeZone: string; siteUrl: string }, now: () => Date) {
  const current = (): MailSettings => ({ ...settings, now: now() });

  async function load(tx: Queryable, appointmentId: string): Promise<AppointmentMailRow> {
    const row = await findAppointmentForMail(tx, appointmentId);
    if (!row) throw new Error(`appointment ${appointmentId} vanished inside its own transaction`);
    return row;
  }

  return {
    async booked(tx: Queryable, appointmentId: string): Promise<void> {
      const row = await load(tx, appointmentId);
      await enqueueMail(tx, {
        dedupeKey: `booked:${row.id}`,
        kind: 'booked',
        appointmentId: row.id,
        appointmentRevision: row.revision,
        recipient: row.user_email,
        mail: bookedMail(factsOf(row), current()),
      });
    },

    async moved(tx: Queryable, appointmentId: string, previous: { slotDate: string; slotTime: string }): Promise<void> {
      const row = await load(tx, appointmentId);
      await skipPendingReminders(tx, row.id);
      await enqueueMail(tx, {
        dedupeKey: `moved:${row.id}:${row.revision}`,
        kind: 'moved',
        appointmentId: row.id,
        appointmentRevision: row.revision,
        recipient: row.user_email,
        mail: movedMail(factsOf(row), previous, current()),
      });
    },

    async cancelled(tx: Queryable, appointmentId: string, by: CancelledBy): Promise<void> {
      const row = await load(tx, appointmentId);
      await skipPendingReminders(tx, row.id);
      await enqueueMail(tx, {
        dedupeKey: `cancelled:${row.id}`,
        kind: 'cancelled',
        appointmentId: row.id,
        appointmentRevision: row.revision,
        recipient: row.user_email,
        mail: cancelledMail(factsOf(row), by, current()),
      });
    },

    /**
     * Tells the patient a schedule change left the visit outside the doctor's times, once per time
     * of the visit; `true` when this call queued the email.
     */
    async stranded(tx: Queryable, appointmentId: string): Promise<boolean> {
      const row = await load(tx, appointmentId);
      return enqueueMail(tx, {
        dedupeKey: `stranded:${row.id}:${row.revision}`,
        kind: 'stranded',
        appointmentId: row.id,
        appointmentRevision: row.revision,
        recipient: row.user_email,
        mail: strandedMail(factsOf(row), current()),
      });
    },

    /** `true` when this call queued the reminder (another process may have been first). */
    reminder(tx: Queryable, row: AppointmentMailRow): Promise<boolean> {
      return enqueueMail(tx, {
        dedupeKey: `reminder:${row.id}:${row.revision}`,
        kind: 'reminder',
        appointmentId: row.id,
        appointmentRevision: row.revision,
        recipient: row.user_email,
        mail: reminderMail(factsOf(row), current()),
      });
    },
  };
}

export type AppointmentMail = ReturnType<typeof createAppointmentMail>;
