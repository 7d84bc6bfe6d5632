import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { formatLongDay, formatShortDay, formatTime, generateSlotDays, type ApiClient } from '@carebook/shared';
import { renderWithApp, stubApi, makeDoctor } from '@carebook/testing';
import DoctorPage from '../doctor-page/doctor-page';

const route = { route: '/appointment/doc01', path: '/appointment/:docId' };
const doctor = makeDoctor('doc01', { name: 'Dr. Amara Lindqvist', address: { line1: '14 Alder Street', line2: 'Riverside' } });

beforeEach(() => {
  jest.spyOn(toast, 'success').mockImplementation(() => 'id');
  jest.spyOn(toast, 'error').mockImplementation(() => 'id');
});
afterEach(() => jest.restoreAllMocks());

/** Books tomorrow 14:30 through the page and returns the chosen day. */
async function bookTomorrow(user: ReturnType<typeof userEvent.setup>, api: Partial<ApiClient>) {
  const result = renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], token: 't', clinic: { timeZone: 'UTC' }, api: stubApi(api) } });
  const day = generateSlotDays({ now: new Date(), timeZone: 'UTC' })[1];
  if (!day) throw new Error('no tomorrow');
  await user.click(screen.getByRole('radio', { name: formatShortDay(day) }));
  await user.click(screen.getByRole('radio', { name: formatTime('14:30') }));
  await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
  await screen.findByRole('heading', { name: /Your appointment is booked/ });
  return { ...result, day };
}

describe('booking confirmation', () => {
  it('shows doctor, date, 12-hour time, address and what to do next', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async () => ({ success: true, message: 'Appointment booked', appointmentId: 'a1' }));
    const { day } = await bookTomorrow(user, { post: post as unknown as ApiClient['post'] });
    const panel = within(screen.getByRole('region', { name: /Your appointment is booked/ }));
    expect(panel.getByText('Dr. Amara Lindqvist, General Physician')).toBeInTheDocument();
    expect(panel.getByText(formatLongDay(day))).toBeInTheDocument();
    expect(panel.getByText('2:30 PM', { exact: false })).toHaveTextContent('2:30 PM (UTC time)');
    expect(panel.getByText('14 Alder Street, Riverside')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'View my appointments' })).toHaveAttribute('href', '/my-appointments');
    expect(screen.queryByRole('button', { name: 'Book Appointment' })).not.toBeInTheDocument();
  });

  it('downloads the calendar file of the new appointment with the session', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async () => ({ success: true, appointmentId: 'a1' }));
    const getText = jest.fn(async () => 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await bookTomorrow(user, { post: post as unknown as ApiClient['post'], getText });
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    expect(getText).toHaveBeenCalledWith('/api/v1/user/appointments/a1/calendar');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('cancels after asking, then offers the slot row again', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async (path: string) =>
      path.endsWith('book-appointment') ? { success: true, appointmentId: 'a1' } : { success: true, message: 'Appointment cancelled' },
    );
    const { app } = await bookTomorrow(user, { post: post as unknown as ApiClient['post'] });
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(post).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/user/cancel-appointment', { appointmentId: 'a1' }, { idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) }));
    expect(toast.success).toHaveBeenCalledWith('Appointment cancelled');
    // The slot row is back, with the freed time still chosen (the page address keeps the choice).
    expect(await screen.findByRole('button', { name: 'Book Appointment' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: formatTime('14:30') })).toBeChecked();
    expect(app.reloadDoctors).toHaveBeenCalled();
  });

  it('Reschedule switches the page to moving this appointment', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async () => ({ success: true, appointmentId: 'a1' }));
    let booked = { slotDate: '', slotTime: '14:30' };
    const get = jest.fn(async () => ({
      success: true,
      appointments: [{ _id: 'a1', docId: 'doc01', ...booked, cancelled: false, isCompleted: false, payment: false }],
    }));
    const { day } = await bookTomorrow(user, { post: post as unknown as ApiClient['post'], get: get as unknown as ApiClient['get'] });
    booked = { slotDate: day.key, slotTime: '14:30' };
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(/You are moving your appointment on/)).toHaveTextContent(`${formatLongDay(day)} at 2:30 PM`);
    expect(get).toHaveBeenCalledWith('/api/v1/user/appointments');
    expect(screen.getByRole('button', { name: 'Move appointment here' })).toBeDisabled();
  });
});
