import type { AuditEntry } from '../../api/activity-api';

/** What each action is called on the Activity page, and in its filter. */
export const ACTION_LABELS: Record<string, string> = {
  'appointment.book': 'booked the appointment',
  'appointment.reschedule': 'moved the appointment',
  'appointment.cancel': 'cancelled the appointment',
  'appointment.rate': 'rated the visit',
  'appointment.paid': 'marked the appointment paid',
  'appointment.complete': 'marked the appointment completed',
  'doctor.add': 'added a doctor',
  'doctor.update': 'changed a doctor',
  'doctor.availability': "changed a doctor's availability",
  'doctor.schedule': "changed a doctor's working hours",
  'account.profile-update': 'changed their profile',
  'account.password-change': 'changed their password',
  'account.password-reset': 'set a new password from an emailed link (every other session ended)',
  'account.password-change-failed': 'tried to change their password with a wrong current password',
  'auth.register': 'created an account',
  'auth.login': 'logged in',
  'auth.login-failed': 'failed to log in',
  'auth.admin-login': 'logged in to the admin app',
  'auth.admin-login-failed': 'failed to log in to the admin app',
  'auth.refused': 'was refused access',
  'session.revoke': 'logged a device out',
  'session.revoke-others': 'logged out of all other devices',
  'session.revoke-by-staff': "ended a patient's sessions",
};

/** Who did it, in words: the patient's name, the staff account, or an anonymous address. */
export function describeActor(entry: AuditEntry): string {
  if (entry.actor.role === 'admin') return `Clinic staff (${entry.actor.id})`;
  if (entry.actor.role === 'patient') return entry.actor.name ?? `Patient ${entry.actor.id}`;
  return `Someone at ${entry.ip || 'an unknown address'}`;
}

export function describeAction(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The changed fields, one line each: `slotTime: 15:00 → 16:00`, or `by: clinic` for plain facts.
 * Worked example: `{ cancelled: { from: false, to: true }, by: 'clinic' }` gives
 * `['cancelled: false → true', 'by: clinic']`.
 */
export function describeChanges(changes: Record<string, unknown>): string[] {
  return Object.entries(changes).map(([field, value]) => {
    if (value !== null && typeof value === 'object' && 'to' in value) {
      const change = value as { from?: unknown; to: unknown };
      return 'from' in change && change.from !== null ? `${field}: ${show(change.from)} → ${show(change.to)}` : `${field}: ${show(change.to)}`;
    }
    if (value !== null && typeof value === 'object' && 'changed' in value) return `${field}: changed`;
    return `${field}: ${show(value)}`;
  });
}
