import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from '@carebook/testing';
import type { AppointmentEmail } from '../../api/admin-api';
import { renderWithAdmin } from '../../session/render-with-admin.test-utils';
import { AppointmentEmails } from './appointment-emails';

const SENT: AppointmentEmail = {
  id: '1',
  kind: 'booked',
  recipient: 'greta@example.com',
  subject: 'Your appointment is booked',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: Date.UTC(2026, 10, 24, 14, 0),
  sentAt: Date.UTC(2026, 10, 24, 14, 1),
  nextAttemptAt: null,
};
const RETRYING: AppointmentEmail = {
  ...SENT,
  id: '2',
  kind: 'reminder',
  status: 'pending',
  attempts: 3,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  sentAt: null,
  nextAttemptAt: Date.UTC(2026, 10, 25, 9, 0),
};

describe('an appointment’s emails in the admin app', () => {
  it('loads them when opened and says what went wrong', async () => {
    const get = jest.fn(async () => ({ success: true, emails: [SENT, RETRYING] }));
    renderWithAdmin(<AppointmentEmails appointmentId="a1" />, { session: { api: stubApi({ get }) } });
    expect(get).not.toHaveBeenCalled();

    await userEvent.click(screen.getByText('Emails'));
    expect(await screen.findByText('Booking confirmation')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/v1/admin/appointment-emails?appointmentId=a1');
    expect(screen.getByText(/^Sent Nov 24, 2026/)).toBeInTheDocument();
    expect(screen.getByText('Reminder')).toBeInTheDocument();
    expect(screen.getByText(/Not sent yet after 3 tries \(connect ECONNREFUSED 127\.0\.0\.1:25\); next try Nov 25, 2026/)).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    const get = jest.fn(async () => ({ success: true, emails: [] }));
    renderWithAdmin(<AppointmentEmails appointmentId="a2" />, { session: { api: stubApi({ get }) } });
    await userEvent.click(screen.getByText('Emails'));
    expect(await screen.findByText('No emails for this appointment.')).toBeInTheDocument();
  });
});
