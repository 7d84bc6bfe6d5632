import { getAppointmentCalendar, type ApiClient } from '@carebook/shared';

/**
 * "Add to calendar": fetches the appointment's `.ics` with the session token (a plain link could
 * not send it) and hands it to the browser as a download, which calendar apps open.
 */
export async function downloadAppointmentCalendar(api: ApiClient, appointmentId: string): Promise<void> {
  const text = await getAppointmentCalendar(api, appointmentId);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = 'carebook-appointment.ics';
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoke after the click has been handled, or some browsers cancel the download.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
