import { downloadAppointmentCalendar } from './calendar-download';
import type { ApiClient } from '../api/client';

describe('downloadAppointmentCalendar', () => {
  it('fetches the file with the client and clicks a download link to a calendar blob', async () => {
    const getText = jest.fn(async () => 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    const api = { baseUrl: 'http://api.test', get: jest.fn(), post: jest.fn(), getText } as unknown as ApiClient;
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:calendar';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await downloadAppointmentCalendar(api, 'a 1');

    expect(getText).toHaveBeenCalledWith('/api/v1/user/appointments/a%201/calendar');
    expect(blobs[0]?.type).toBe('text/calendar;charset=utf-8');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.getAttribute('href')).toBe('blob:calendar');
    expect(clicked[0]?.download).toBe('carebook-appointment.ics');
    expect(document.querySelector('a[download]')).toBeNull(); // removed again
  });
});
